//! The browser app: trunk builds this for WebAssembly (see `index.html`); everything lives in
//! `mancala::ui`.

#[cfg(target_arch = "wasm32")]
fn main() {
    mancala::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the app runs in the browser: serve it with `bash scripts/serve.sh`");
    std::process::exit(2);
}
