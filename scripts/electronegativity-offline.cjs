// Preloaded into electronegativity by the security gate. The scanner downloads its translations
// and Electron's release list with got 11 on every run; offline those requests fail, and got 11's
// retry timer then throws an uncaught error on Node 24 that kills the scan. The gate must give the
// same answer on every machine, so both downloads are answered "offline" at once, and the scan
// uses the English texts it ships with.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a --require preload for a CommonJS tool
const Module = require('node:module');

const load = Module._load;
Module._load = function loadWithoutNetwork(request, parent, isMain) {
  if (request === 'got') return () => Promise.reject(new Error('The security gate runs offline.'));
  return load.call(this, request, parent, isMain);
};
