// Package present is the present suite: the mesh suite's dense scene,
// drawn each frame with the mesh-shader or the classic vertex pipeline
// into the mesh suite's R32_UINT render target and copied (vkCmdCopyImage,
// same 32-bit size class: the bits are unchanged) into a window's
// swapchain image, then presented — once per present mode the surface
// offers (FIFO, FIFO_RELAXED, MAILBOX, IMMEDIATE; the others are skipped
// with the surface's list). A sample is the mean present-to-present time
// of FramesPerSample frames on the CPU monotonic clock; Extra adds the
// per-frame median, p99 and jitter (CPU clock) and the pass's GPU time
// (timestamps). Verification checks the offscreen pass against the CPU's
// expected image and the presented swapchain image, read back, against
// the offscreen pass bit for bit.
//
// The "-gemm" variants run the matmul suite's fp32 GEMM in a loop on a
// device of its own (the async-compute queue family where there is one)
// while the frames present (overlap.go).
//
// The suite needs the "window" build tag (it uses bench/window); without
// it the package holds only the compute overlap, which needs no window.
package present
