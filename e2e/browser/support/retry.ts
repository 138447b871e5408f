/**
 * In CI the browser suites run two at a time on a 2-core machine, where a step now and then waits
 * past its limit. A failed test is run once more, right away, with its first error printed in the
 * log; a test that fails twice fails the run. Locally every failure counts at once.
 */
if (process.env.CI) jest.retryTimes(1, { logErrorsBeforeRetry: true, retryImmediately: true });
