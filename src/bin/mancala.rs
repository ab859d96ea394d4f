//! The `mancala` command-line tool; everything lives in [`mancala::cli`].

fn main() {
    std::process::exit(mancala::cli::main(std::env::args_os().skip(1).collect()));
}
