//! The computer player's Web Worker: trunk builds this for WebAssembly (see `index.html`). It only
//! passes the page's messages to `mancala::worker::Thinker` and its answers back; the first message
//! it sends, "ready" and the game's build, tells the page that it listens and whether it is of the
//! page's own build.

#[cfg(target_arch = "wasm32")]
fn main() {
    use std::cell::RefCell;
    use std::rc::Rc;

    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let thinker = RefCell::new(mancala::worker::Thinker::new());
    // The worker's high-resolution clock where it has one (the benchmark times short searches).
    let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).ok().filter(|p| !p.is_undefined());
    let now = performance.as_ref().and_then(|p| js_sys::Reflect::get(p, &"now".into()).ok()).and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let clock: Rc<dyn Fn() -> f64> = match (performance, now) {
        (Some(p), Some(now)) => Rc::new(move || now.call0(&p).ok().and_then(|v| v.as_f64()).unwrap_or_else(js_sys::Date::now)),
        _ => Rc::new(js_sys::Date::now),
    };
    let answer_to = scope.clone();
    let onmessage = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        let answer = thinker.borrow_mut().handle(&text, clock.clone());
        let _ = answer_to.post_message(&JsValue::from_str(&answer));
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    // The worker lives as long as the page keeps it: so does its listener.
    onmessage.forget();
    let _ = scope.post_message(&JsValue::from_str(&mancala::worker::ready_message()));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in the browser; on the command line, use `mancala solve`, `bench` or `match`");
    std::process::exit(2);
}
