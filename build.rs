//! Names this build of the game for the page and its computer player's worker, so that each can
//! tell the other is from the same build: `MANCALA_BUILD`, a hash of every source file (and of
//! Cargo.lock), the same for the app and the worker, which trunk builds together, and different
//! as soon as anything in them changes.
//!
//! A page left open for days on a tablet keeps the game it loaded, but a worker it starts later
//! (after an undo, for a new game) loads the worker's files from the host, unhashed names that a
//! newer version of the game has replaced meanwhile: the two no longer understood each other's
//! messages, and the child waited for a computer that never answered. With the build named in the
//! worker's first message, the page notices and reloads itself once, the game saved as it goes
//! (see `src/ui/thinker.rs`).

use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=Cargo.lock");
    let mut files = vec![PathBuf::from("Cargo.lock")];
    collect(Path::new("src"), &mut files);
    files.sort();
    // FNV-1a, 64 bits: names a build, guards nothing.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for file in &files {
        let name = file.to_string_lossy().replace('\\', "/");
        for byte in name.bytes().chain([0]).chain(fs::read(file).unwrap_or_default()) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    println!("cargo:rustc-env=MANCALA_BUILD={hash:016x}");
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else {
            files.push(path);
        }
    }
}
