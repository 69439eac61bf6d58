#version 450
// Test only (hidden suite 'testfault'): a dispatch that never finishes.
// The loop ends when the word 'stop' becomes non-zero, which the host never
// writes; 'spins' is written every turn so the loop cannot be removed.
// It stands for a GPU hang, so the watchdog of 'run --isolate' can be
// tested on lavapipe.
layout(local_size_x = 1) in;
layout(std430, binding = 0) volatile buffer B { uint stop; uint spins; } b;

void main() {
	uint n = 0u;
	while (b.stop == 0u) {
		n++;
		b.spins = n;
	}
}
