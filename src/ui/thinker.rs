//! The page's side of the computer player: it starts the Web Worker, sends it requests, and hands
//! its answers (or its failure) to the app. The page itself never searches.
//!
//! This talks to the worker through `web_sys::Worker` rather than gloo-worker's bridge, because the
//! app needs two things the bridge keeps to itself: `terminate()`, which is how a search is
//! cancelled (a worker busy searching reads no message until it is done), and the worker's `error`
//! event, which is how a worker that failed to load or died is noticed. The worker's script and
//! WebAssembly come from trunk (`data-type="worker"`, see `index.html`), its loader from
//! `static/worker_loader.js`, which turns a WebAssembly that cannot be loaded into that error event.
//!
//! - One request at a time: asking again, or [`Thinker::cancel`], ends the one before (the worker is
//!   stopped if it was busy; the next request starts a new one).
//! - A worker sends "ready" once it listens, with the build of the game it is from; requests wait
//!   until then. A worker of another build than the page's reloads the page (see
//!   `Thinker::other_build`). A worker may be started ahead of its request ([`Thinker::prepare`]),
//!   to load meanwhile.
//! - No answer within the time limit plus [`GRACE_MS`] counts as a failure, like an error event.
//!   Only time the page is seen counts: a tablet put down or another app brought in front while
//!   the computer thinks puts the page to sleep (iOS stops it altogether), and on waking a timer
//!   set for the whole limit fired at once, before the worker, woken too, could answer, and the
//!   child came back to "the computer could not answer". The watchdog looks at the clock every
//!   [`WATCH_MS`] and counts what passed since its last look only while the page is shown, and
//!   never more than [`WATCH_MOST_MS`] for one look: a longer gap is a page that was asleep.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use gloo_timers::callback::{Interval, Timeout};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::{device, storage};
use crate::worker::{ready_build, Answer, Request, Task, BUILD};

/// Said of a worker of another build when the page cannot reload for it, its game not kept on the
/// device (storage not allowed, or full): the page tells the child so (a grown-up may reload,
/// losing the game), rather than a "Try again" that fails again and again.
pub const UNKEPT: &str = "the game cannot be kept to reload the page for it";

/// The worker's script, next to the page, its address naming the page's build: the loader asks
/// for the worker's other files under the same name, so that a browser's cache, which keeps files
/// by their address, never gives a page a worker of another build (the files' names stay the same
/// from one version of the game to the next). The host, and the service worker's kept copies
/// without a connection, serve the files whatever the name.
fn worker_url() -> String {
    format!("./worker_loader.js?build={BUILD}")
}
/// Time allowed beyond a request's own limit (starting the worker, loading its code).
pub const GRACE_MS: u32 = 15_000;
/// How often the watchdog looks at the clock.
const WATCH_MS: u32 = 250;
/// The most one look of the watchdog counts, however long since the one before.
const WATCH_MOST_MS: f64 = 1_000.0;

/// What a request asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asked {
    /// The computer's move.
    Move,
    /// A hint for the child.
    Hint,
    /// A look back at a finished game.
    Review,
    /// The benchmark.
    Bench,
    /// An exact solve.
    Solve,
    /// What the computer's moves will need, made ready (see [`Thinker::prepare`], which
    /// sends it without waiting for its answer).
    Prepare,
}

/// What the app hears back.
#[derive(Debug, Clone, PartialEq)]
pub enum Heard {
    /// The answer to the request in progress.
    Answer(Asked, Answer),
    /// The worker failed (could not start, died, or did not answer in time).
    Failed(Asked, String),
}

type Listener<E> = Closure<dyn FnMut(E)>;

struct Inner {
    worker: Option<web_sys::Worker>,
    ready: bool,
    /// Messages for a worker still loading, sent in order when it says it is ready.
    queued: Vec<String>,
    /// The last request to make ready what the computer's moves need ([`Thinker::prepare`]): sent
    /// first to every worker started, whatever starts it.
    prepare: Option<String>,
    /// The request in progress, while it waits for a worker started ahead of it (by
    /// [`Thinker::prepare`]) to load: should that worker fail to (an error, not the time being
    /// up), the request is tried once more on a new one (see [`Thinker::fail`]).
    unsent: Option<String>,
    waiting: Option<u32>,
    asked: Asked,
    next_id: u32,
    watchdog: Option<Interval>,
    on_heard: Rc<dyn Fn(Heard)>,
    listeners: Option<(Listener<web_sys::MessageEvent>, Listener<web_sys::Event>)>,
    /// The build a worker started ahead of its request ([`Thinker::prepare`]) said it is of, another
    /// than the page's: dealt with when the request comes.
    other: Option<String>,
}

/// The handle the app keeps.
#[derive(Clone)]
pub struct Thinker(Rc<RefCell<Inner>>);

impl Thinker {
    /// A thinker that reports to `on_heard`. No worker starts before the first request.
    pub fn new(on_heard: impl Fn(Heard) + 'static) -> Thinker {
        Thinker(Rc::new(RefCell::new(Inner {
            worker: None,
            ready: false,
            queued: Vec::new(),
            prepare: None,
            unsent: None,
            waiting: None,
            asked: Asked::Move,
            next_id: 1,
            watchdog: None,
            on_heard: Rc::new(on_heard),
            listeners: None,
            other: None,
        })))
    }

    /// Sends a task; returns its number. Any request still in progress is cancelled.
    pub fn ask(&self, task: Task, time_ms: u32) -> u32 {
        self.cancel();
        let asked = match task {
            Task::Move { .. } => Asked::Move,
            Task::Hint { .. } => Asked::Hint,
            Task::Review { .. } => Asked::Review,
            Task::Bench => Asked::Bench,
            Task::Solve { .. } => Asked::Solve,
            Task::Prepare { .. } => Asked::Prepare,
        };
        let id = {
            let mut inner = self.0.borrow_mut();
            let id = inner.next_id;
            inner.next_id += 1;
            inner.asked = asked;
            // Waiting from here on, so that any failure below reaches the app.
            inner.waiting = Some(id);
            id
        };
        let text = match serde_json::to_string(&Request { id, task }) {
            Ok(t) => t,
            Err(e) => {
                self.fail(format!("the request could not be written: {e}"));
                return id;
            }
        };
        let other = self.0.borrow().other.clone();
        if let Some(build) = other {
            self.other_build(&build);
            return id;
        }
        let ahead = self.0.borrow().worker.is_some();
        if !ahead {
            if let Err(why) = self.start() {
                self.fail(why);
                return id;
            }
        }
        let weak = Rc::downgrade(&self.0);
        let limit = f64::from(time_ms.saturating_add(GRACE_MS));
        let (mut seen, mut last) = (0.0, js_sys::Date::now());
        let mut inner = self.0.borrow_mut();
        inner.watchdog = Some(Interval::new(WATCH_MS, move || {
            let now = js_sys::Date::now();
            if device::in_front() {
                seen += (now - last).clamp(0.0, WATCH_MOST_MS);
            }
            last = now;
            if seen >= limit {
                if let Some(rc) = weak.upgrade() {
                    let thinker = Thinker(rc);
                    // Only this request: a late look must never stop a newer one's worker.
                    if thinker.0.borrow().waiting == Some(id) {
                        // Its time is up: not tried again.
                        thinker.0.borrow_mut().unsent = None;
                        thinker.fail("the computer did not answer in time".into());
                    }
                }
            }
        }));
        if inner.ready {
            if let Some(w) = &inner.worker {
                let _ = w.post_message(&JsValue::from_str(&text));
            }
        } else {
            inner.unsent = ahead.then(|| text.clone());
            inner.queued.push(text);
        }
        id
    }

    /// Has the worker make ready what the computer's moves will need in this game (`task`, a
    /// [`Task::Prepare`]), while the child chooses their move. A worker is started for it if none
    /// runs, for the request that will come soon: it loads (its files, its WebAssembly) meanwhile
    /// instead of after the request (a worker that fails to start here is told when the request
    /// comes, which starts another). Sent now if the worker is idle (it is quick when all is ready
    /// already), and first to every worker started from now on, whatever starts it (a hint asked
    /// at once, a request after a search was stopped), ahead of the request that started it. It
    /// goes under no number the page waits for: its answer is dropped, its failure not told (the
    /// next request starts another worker, as ever), and nothing stops it: a request asked
    /// meanwhile goes after it. Only when a request is in progress is it not sent now.
    pub fn prepare(&self, task: Task) {
        let Ok(text) = serde_json::to_string(&Request { id: 0, task }) else { return };
        self.0.borrow_mut().prepare = Some(text.clone());
        if self.0.borrow().worker.is_none() {
            // Started with it queued first.
            let _ = self.start();
            return;
        }
        let mut inner = self.0.borrow_mut();
        if inner.waiting.is_some() {
            return;
        }
        if inner.ready {
            if let Some(w) = &inner.worker {
                let _ = w.post_message(&JsValue::from_str(&text));
            }
        } else if !inner.queued.contains(&text) {
            inner.queued.push(text);
        }
    }

    /// Forgets the last [`Thinker::prepare`]: no computer plays now (two children), and a worker
    /// started for a hint has nothing to make ready first.
    pub fn unprepare(&self) {
        self.0.borrow_mut().prepare = None;
    }

    /// Ends the request in progress, if any: its worker is stopped (a new one starts with the next
    /// request), and its answer will never come.
    pub fn cancel(&self) {
        let mut inner = self.0.borrow_mut();
        if inner.waiting.take().is_some() {
            inner.watchdog = None;
            inner.queued.clear();
            inner.unsent = None;
            if let Some(w) = inner.worker.take() {
                stop(&w);
            }
            inner.ready = false;
            drop_later(inner.listeners.take());
        }
    }

    /// Ends request `id` if it is still in progress (and nothing else): for a request whose reason
    /// to be asked has gone, while another part of the page may have asked since.
    pub fn cancel_request(&self, id: u32) {
        if self.0.borrow().waiting == Some(id) {
            self.cancel();
        }
    }

    /// Ends the request in progress if it asked for `asked` (and nothing else): for a hint no
    /// longer awaited, whatever its number.
    pub fn cancel_asked(&self, asked: Asked) {
        let in_progress = {
            let inner = self.0.borrow();
            inner.waiting.is_some() && inner.asked == asked
        };
        if in_progress {
            self.cancel();
        }
    }

    fn start(&self) -> Result<(), String> {
        let worker = web_sys::Worker::new(&worker_url()).map_err(|e| format!("the worker could not start: {e:?}"))?;
        let weak: Weak<RefCell<Inner>> = Rc::downgrade(&self.0);
        let w2 = weak.clone();
        let onmessage = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            if let Some(rc) = weak.upgrade() {
                Thinker(rc).heard(e.data().as_string().unwrap_or_default());
            }
        });
        let onerror = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
            e.prevent_default();
            if let Some(rc) = w2.upgrade() {
                let why = e
                    .dyn_ref::<web_sys::ErrorEvent>()
                    .map_or_else(|| "the worker failed".to_string(), |e| format!("the worker failed: {}", e.message()));
                Thinker(rc).fail(why);
            }
        });
        worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
        worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
        let mut inner = self.0.borrow_mut();
        inner.worker = Some(worker);
        inner.ready = false;
        // What the computer's moves need, made ready first (see [`Thinker::prepare`]).
        inner.queued = inner.prepare.iter().cloned().collect();
        inner.other = None;
        inner.listeners = Some((onmessage, onerror));
        Ok(())
    }

    fn heard(&self, text: String) {
        if let Some(build) = ready_build(&text) {
            if build != BUILD {
                self.other_build(build);
                return;
            }
            let mut inner = self.0.borrow_mut();
            inner.ready = true;
            inner.unsent = None;
            let queued = std::mem::take(&mut inner.queued);
            if let Some(w) = inner.worker.as_ref() {
                for q in queued {
                    let _ = w.post_message(&JsValue::from_str(&q));
                }
            }
            return;
        }
        let Ok(answer) = serde_json::from_str::<Answer>(&text) else { return };
        let (on_heard, asked) = {
            let mut inner = self.0.borrow_mut();
            if inner.waiting != Some(answer.id) {
                return; // a stale answer
            }
            inner.waiting = None;
            inner.watchdog = None;
            (inner.on_heard.clone(), inner.asked)
        };
        on_heard(Heard::Answer(asked, answer));
    }

    /// The worker is of another build of the game than the page: a page left open while a newer
    /// version was put on the host, whose worker's files (their names never change) came from the
    /// newer one. The two may not understand each other's messages, so the page reloads itself,
    /// once: the game is saved as it goes, and comes back where it was, now with the new version's
    /// page and worker. Only for the computer's move, a hint or a look back at a finished game (a
    /// reload brings back its end, and the look back is asked again), in a game on the board and
    /// kept on the device: the benchmark and the solver fail instead, as do a page whose game
    /// could not be kept (storage not allowed, or full) and a page that reloaded for that build
    /// already (a browser's cache still giving it the older page).
    fn other_build(&self, build: &str) {
        let (waiting, asked) = {
            let inner = self.0.borrow();
            (inner.waiting.is_some(), inner.asked)
        };
        if !waiting {
            // A worker started ahead of its request: what to do depends on the request.
            self.0.borrow_mut().other = Some(build.to_string());
            return;
        }
        let kept = storage::game_kept();
        if matches!(asked, Asked::Move | Asked::Hint | Asked::Review) && kept && device::reload_for_build(build) {
            return;
        }
        let build = if build.is_empty() { "an older one" } else { build };
        let why = format!("the worker is of another build of the game ({build}) than the page ({BUILD})");
        self.fail(if kept { why } else { format!("{why}: {UNKEPT}") });
    }

    /// The worker failed: stop it, and tell the app if it was waiting for an answer. A request
    /// that waited for a worker started ahead of it to load is tried once more on a new worker
    /// first: that worker may have been started before the connection (or the host) came back,
    /// and the child was told "the computer could not think" of a request no worker had seen.
    fn fail(&self, why: String) {
        let retry = self.0.borrow_mut().unsent.take();
        let (was_waiting, on_heard, asked) = {
            let mut inner = self.0.borrow_mut();
            if let Some(w) = inner.worker.take() {
                stop(&w);
            }
            inner.ready = false;
            inner.queued.clear();
            inner.other = None;
            drop_later(inner.listeners.take());
            if let Some(text) = retry.filter(|_| inner.waiting.is_some()) {
                drop(inner);
                if self.start().is_ok() {
                    // The same request, its watchdog still counting, after what to make ready.
                    self.0.borrow_mut().queued.push(text);
                    return;
                }
                inner = self.0.borrow_mut();
            }
            drop_later(inner.watchdog.take());
            (inner.waiting.take().is_some(), inner.on_heard.clone(), inner.asked)
        };
        if was_waiting {
            on_heard(Heard::Failed(asked, why));
        }
    }
}

/// Stops a worker, and first stops listening to it: a worker stopped while it loads still tells
/// the page a few milliseconds later that its loading was cut short, and that error, or any word
/// it sent just before, must find no listener rather than one let go meanwhile.
fn stop(worker: &web_sys::Worker) {
    worker.set_onmessage(None);
    worker.set_onerror(None);
    worker.terminate();
}

/// Drops a worker's listeners (or the watchdog) after the current event: this may run inside one
/// of them.
fn drop_later<T: 'static>(listeners: Option<T>) {
    if let Some(l) = listeners {
        Timeout::new(0, move || drop(l)).forget();
    }
}
