//! The computer player's Web Worker: trunk builds this for WebAssembly (see `index.html`). It only
//! passes the page's messages to `mancala::worker::Thinker` and its answers back; the first message
//! it sends, "ready" and the game's build, tells the page that it listens and whether it is of the
//! page's own build. A solve asked to keep its endgame table gets the table's file from the
//! browser's private file system first (see `mancala::worker::KeptFile`).

#[cfg(target_arch = "wasm32")]
fn main() {
    use std::cell::RefCell;
    use std::rc::Rc;

    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let thinker = Rc::new(RefCell::new(mancala::worker::Thinker::new()));
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
        let Some(kept) = mancala::worker::kept_table(&text) else {
            let answer = thinker.borrow_mut().handle(&text, clock.clone());
            let _ = answer_to.post_message(&JsValue::from_str(&answer));
            return;
        };
        let (thinker, clock, answer_to) = (thinker.clone(), clock.clone(), answer_to.clone());
        wasm_bindgen_futures::spawn_local(async move {
            use mancala::worker::Keeping;
            // The file is closed when the solve drops it, once the table is read or written.
            let keeping = if kept.keep {
                kept_file::open(&kept.name).await.map_or_else(Keeping::Unavailable, |file| Keeping::File(Box::new(file)))
            } else {
                kept_file::remove(&kept.name).await.map_or_else(Keeping::Unavailable, Keeping::Forgotten)
            };
            let answer = thinker.borrow_mut().handle_keeping(&text, clock, keeping);
            let _ = answer_to.post_message(&JsValue::from_str(&answer));
        });
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    // The worker lives as long as the page keeps it: so does its listener.
    onmessage.forget();
    let _ = scope.post_message(&JsValue::from_str(&mancala::worker::ready_message()));
}

/// The kept endgame table's file in the browser's private file system (the origin's, which the
/// browser may clear when it runs short of room: the next solve then makes the table again).
#[cfg(target_arch = "wasm32")]
mod kept_file {
    use std::io;

    use wasm_bindgen::{JsCast, JsValue};
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{FileSystemDirectoryHandle, FileSystemFileHandle, FileSystemGetFileOptions, FileSystemReadWriteOptions, FileSystemSyncAccessHandle};

    /// A JavaScript error as words.
    fn said(e: &JsValue) -> String {
        e.dyn_ref::<js_sys::Error>().map_or_else(|| format!("{e:?}"), |e| String::from(e.message()))
    }

    /// Why the file could not be opened or removed, for the page: another page of the game holding
    /// it open (a file is open to one at a time), or the browser's own words.
    fn why_not(e: &JsValue) -> String {
        match e.dyn_ref::<web_sys::DomException>().map(web_sys::DomException::name).as_deref() {
            Some("NoModificationAllowedError") => "another page of the game is using it".to_string(),
            _ => format!("this browser would not ({})", said(e)),
        }
    }

    fn io_error(e: &JsValue) -> io::Error {
        io::Error::other(said(e))
    }

    /// Whether `object` has a method `name`. The bindings call a method that is not there as if it
    /// were: the browser's TypeError goes past them, and killed the worker, the solve with it.
    fn has_method(object: &JsValue, name: &str) -> bool {
        js_sys::Reflect::get(object, &JsValue::from_str(name)).is_ok_and(|f| f.is_function())
    }

    /// What a browser without private files (or without files a worker can write, or on a page
    /// not served from a secure address, where `navigator.storage` is not there) is told.
    const NO_FILES: &str = "this browser has no private files for it";

    async fn folder() -> Result<FileSystemDirectoryHandle, String> {
        let scope: web_sys::WorkerGlobalScope = js_sys::global().dyn_into().map_err(|_| "not in a worker".to_string())?;
        let navigator = scope.navigator();
        let storage = js_sys::Reflect::get(&navigator, &JsValue::from_str("storage")).unwrap_or(JsValue::UNDEFINED);
        if !has_method(&storage, "getDirectory") {
            return Err(NO_FILES.to_string());
        }
        let storage: web_sys::StorageManager = storage.unchecked_into();
        let folder = JsFuture::from(storage.get_directory()).await.map_err(|e| why_not(&e))?;
        folder.dyn_into().map_err(|e| why_not(&e))
    }

    /// The file, made if need be, open for reading and writing.
    pub async fn open(name: &str) -> Result<File, String> {
        let folder = folder().await?;
        let options = FileSystemGetFileOptions::new();
        options.set_create(true);
        let handle: FileSystemFileHandle = JsFuture::from(folder.get_file_handle_with_options(name, &options)).await.map_err(|e| why_not(&e))?.unchecked_into();
        if !has_method(&handle, "createSyncAccessHandle") {
            // The file just made, empty, goes (no table could have been kept in it here).
            let _ = JsFuture::from(folder.remove_entry(name)).await;
            return Err(NO_FILES.to_string());
        }
        let sync: FileSystemSyncAccessHandle = JsFuture::from(handle.create_sync_access_handle()).await.map_err(|e| why_not(&e))?.unchecked_into();
        Ok(File { sync, at: 0 })
    }

    /// Removes the file: `true` where it was there.
    pub async fn remove(name: &str) -> Result<bool, String> {
        let folder = folder().await?;
        match JsFuture::from(folder.remove_entry(name)).await {
            Ok(_) => Ok(true),
            Err(e) if e.dyn_ref::<web_sys::DomException>().is_some_and(|d| d.name() == "NotFoundError") => Ok(false),
            Err(e) => Err(why_not(&e)),
        }
    }

    /// An open file, read and written where `at` says.
    pub struct File {
        sync: FileSystemSyncAccessHandle,
        at: u64,
    }

    /// Closed when dropped: another page of the game may open it again.
    impl Drop for File {
        fn drop(&mut self) {
            self.sync.close();
        }
    }

    impl File {
        fn here(&self) -> FileSystemReadWriteOptions {
            let options = FileSystemReadWriteOptions::new();
            options.set_at(self.at as f64);
            options
        }
    }

    impl io::Read for File {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let got = self.sync.read_with_u8_array_and_options(buf, &self.here()).map_err(|e| io_error(&e))?;
            // A count that is not one of the bytes asked for (out of room, Chromium answered a
            // write with -8: a read might too) is an error, not bytes.
            if !(0.0..=buf.len() as f64).contains(&got) {
                return Err(io::Error::other(format!("the browser said it read {got} bytes of {}", buf.len())));
            }
            let got = got as usize;
            self.at += got as u64;
            Ok(got)
        }
    }

    impl io::Write for File {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let put = self.sync.write_with_u8_array_and_options(buf, &self.here()).map_err(|e| io_error(&e))?;
            // Out of room, Chromium writes part of the bytes and answers -8, which the binding
            // reads as a large number.
            if !(1.0..=buf.len() as f64).contains(&put) && !buf.is_empty() {
                return Err(io::Error::new(io::ErrorKind::WriteZero, "no room left"));
            }
            let put = put as usize;
            self.at += put as u64;
            Ok(put)
        }

        fn flush(&mut self) -> io::Result<()> {
            self.sync.flush().map_err(|e| io_error(&e))
        }
    }

    impl io::Seek for File {
        fn seek(&mut self, to: io::SeekFrom) -> io::Result<u64> {
            let size = self.sync.get_size().map_err(|e| io_error(&e))? as u64;
            let at = match to {
                io::SeekFrom::Start(n) => Some(n),
                io::SeekFrom::End(d) => size.checked_add_signed(d),
                io::SeekFrom::Current(d) => self.at.checked_add_signed(d),
            };
            self.at = at.ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "before the file's start"))?;
            Ok(self.at)
        }
    }

    impl mancala::worker::KeptFile for File {
        fn set_len(&mut self, len: u64) -> io::Result<()> {
            self.sync.truncate_with_f64(len as f64).map_err(|e| io_error(&e))
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in the browser; on the command line, use `mancala solve`, `bench` or `match`");
    std::process::exit(2);
}
