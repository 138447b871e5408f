// The V8 flags the server runs with, everywhere it runs in production: the Docker image's CMD
// (which repeats them; bench/run.mjs checks that it does), `npm start` and the benchmark.
// A smaller young generation and a slower-growing old one keep the resident memory of a busy
// instance under 200 MB without a hard heap cap (which would crash a large admin export).
export const NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];
