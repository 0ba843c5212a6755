// Every process a test starts, in the test's own process or as a child that inherits its
// environment, binds its ops listener (OPS_PORT: /metrics and the probes) on a free port:
// test files run side by side, and each starts several processes, which would otherwise all
// reach for the one default port. A test that sets OPS_PORT itself keeps its value.
if (!process.env.OPS_PORT) process.env.OPS_PORT = '0';
// Test processes start and stop servers by the dozen: OCR workers are started when a test's
// scan needs them, not at every boot (a production server keeps them warm).
if (!process.env.OCR_KEEP_WARM) process.env.OCR_KEEP_WARM = 'false';
