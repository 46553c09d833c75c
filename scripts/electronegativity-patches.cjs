// Loaded with `node --require` before electronegativity, to make its runs deterministic:
// 1. Its only network use (fresh translations and the list of Electron releases, both through
//    got 11) is answered at once with a failure, which it handles as "no connectivity". Left to
//    got, a failed lookup is retried on a timer that can throw after the request already failed
//    ("The `onCancel` handler was attached after the promise settled") and kill the scan. The gate
//    checks the code, never the network, so it runs the same with or without one.
// 2. It writes its CSV report with two fs.writeFile calls at once: the header (truncating) and
//    the findings (appending). When the append lands first, the header overwrites the start of the
//    first finding. Its writeFile calls are therefore run one after another, in call order.
const Module = process.getBuiltinModule('node:module');
const fs = process.getBuiltinModule('node:fs');

const offline = () => Promise.reject(new Error('The security gate runs electronegativity without the network.'));
offline.head = offline;
offline.get = offline;

const load = Module._load;
Module._load = function loadWithoutNetwork(request, parent, isMain) {
  if (request === 'got') return Object.assign(offline, { default: offline });
  return load.call(this, request, parent, isMain);
};

const writeFile = fs.writeFile;
let previousWrite = Promise.resolve();
fs.writeFile = function writeFileInOrder(...args) {
  const callback = typeof args.at(-1) === 'function' ? args.pop() : () => undefined;
  previousWrite = previousWrite.then(
    () =>
      new Promise((resolve) => {
        writeFile(...args, (error) => {
          resolve();
          callback(error);
        });
      }),
  );
};
