// The V8 flags and the environment the server runs with, everywhere it runs in production: the
// Docker image's CMD and ENV (which repeat them; bench/run.mjs checks that they do), `npm start` and
// the benchmarks.
// A smaller young generation and a slower-growing old one keep the resident memory of a busy
// instance under 200 MB without a hard heap cap (which would crash a large admin export).
export const NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];

// Two malloc arenas instead of one per thread (libuv's pool threads each kept their own): about
// 90 MB less kept after chart images are decoded (bench/mentor-images-results.md), and 7 MB less at
// the peak of the scale bench. The operator's own value wins where it is set.
export const NODE_ENV_VARS = { MALLOC_ARENA_MAX: '2' };
