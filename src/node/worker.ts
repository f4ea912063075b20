// The worker thread that makes the REST calls (built to dist/google-worker.mjs). The main thread
// sleeps on `signal` (src/node/bridge.ts) while the call runs here: Node's HTTP is asynchronous,
// and the ports are synchronous like Apps Script.
import { type MessagePort, workerData } from 'node:worker_threads';
import { type CallName, type RestConfig, callError, restCalls } from './rest.js';

const { signal, port, config } = workerData as { signal: Int32Array; port: MessagePort; config: RestConfig };
const calls = restCalls(config);

port.on('message', async ({ name, params }: { name: CallName; params: never }) => {
  try {
    port.postMessage({ value: await calls[name](params) });
  } catch (error) {
    port.postMessage({ error: callError(error) });
  }
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
