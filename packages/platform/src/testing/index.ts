/**
 * Contract suites and helpers for tests (jest globals required). Import from
 * `@citecheck/platform/testing`; the main entry does not export these.
 */
export { describeStoreContract } from './store-contract';
export { describeBusContract, type BusContractOptions } from './bus-contract';
export { describeBlobsContract } from './blobs-contract';
export { waitFor, delay, testEvent, uniqueName } from './wait';
export { announceSkip } from './skip';
export { localPorts, type LocalPortsOptions } from './ports';
export { logLines } from './logs';
export { failingStore } from './failing-store';
export { startFakeKafka, KAFKA_ERRORS, type FakeKafka, type FakeKafkaEvent, type FakeKafkaOptions, type CreateTopicsRefusal } from './fake-kafka';
