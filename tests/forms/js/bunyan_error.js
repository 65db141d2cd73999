// bunyan_error: node-bunyan (Debian's node-bunyan): one JSON object per
// record, numeric levels (30 info, 50 error, 60 fatal), and log.error({err})
// with the error's name, message and stack under "err".
const bunyan = require('bunyan');
const fs = require('fs');

// The clock is pinned to 2026-11-29 21:40:13 UTC, so that the fixture does
// not change each time make.sh runs.
let now = 1795988413123;
Date.now = () => (now += 42);
const RealDate = Date;
global.Date = class extends RealDate { constructor(...a) { super(...(a.length ? a : [now += 42])); } };
global.Date.now = () => (now += 42);

const log = bunyan.createLogger({ name: 'k26-gateway', hostname: 'gpu-node-07', serializers: bunyan.stdSerializers });
log.info({ port: 8000 }, 'gateway listening');
try {
  fs.readFileSync('/models/k26/tokenizer.json');
} catch (err) {
  log.error({ err }, 'tokenizer load failed');
}
log.fatal('no tokenizer, exiting');
