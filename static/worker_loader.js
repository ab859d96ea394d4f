// Starts the computer player's Web Worker (src/ui/thinker.rs starts this file): first the
// worker's script, which trunk builds with wasm-bindgen as "no-modules" (it defines
// `wasm_bindgen`), then its WebAssembly, whose start registers the worker's listener.
//
// Written here rather than taken from trunk's `data-loader-shim`, whose loader does the same in
// one line but
// - names the WebAssembly file in a form wasm-bindgen warns about in the console at every start
//   of a worker ("using deprecated parameters for the initialization function");
// - leaves a WebAssembly that cannot be loaded (cut short by a lost connection, damaged on the
//   way) as a rejected promise that nobody hears: the page then waited out the whole time limit
//   of the request before telling the child. Here it is thrown as the worker's error, which the
//   page hears at once.
//
// The page starts it as "worker_loader.js?build=…", naming its own build: the worker's other files
// are asked for under the same name, so that a browser's cache never mixes two versions' files.
importScripts(`./worker.js${self.location.search}`);
wasm_bindgen({ module_or_path: `./worker_bg.wasm${self.location.search}` }).catch((error) => {
  setTimeout(() => {
    throw new Error(`the computer player's WebAssembly could not be loaded: ${error && error.message ? error.message : error}`);
  });
});
