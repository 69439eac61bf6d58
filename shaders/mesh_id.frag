#version 460
// The mesh suite's fragment shader: writes the provoking vertex's flat ID
// into an R32_UINT image, so the CPU can check which quad covers each
// pixel.
layout(location = 0) flat in uint id;
layout(location = 0) out uint color;

void main() {
	color = id;
}
