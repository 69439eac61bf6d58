package sizes

// Allowed are the items over their limit when the limits were set
// (2026-12-06, after reports/compare's inputs and pairing left for
// reports/pairing), each at its size then. Splitting one shrinks it;
// once it is within its limit Check asks for its line to go, and a
// ceiling may be lowered to what is left at any time. Never raise one,
// never add one: split instead.
var Allowed = []Allowance{
	{Package, "bench/gpu", 4987},
	{Package, "cmd/radvbench", 4398},
	{Package, "reports/chart", 2501},
	{File, "bench/gpu/swapchain.go", 715},
	{Func, "bench/gpu/graphicspipeline.go:(*Device).NewGraphicsPipeline", 137},
	{Func, "bench/gpu/rendertarget.go:(*Device).NewRenderTarget", 121},
	{Func, "bench/gpu/swapchain.go:(*Swapchain).Frame", 143},
}
