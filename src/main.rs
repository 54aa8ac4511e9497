//! The `varia` command: a thin layer over the library.
#![forbid(unsafe_code)]

mod cli;

fn main() {
    // When the reader of our output goes away (`varia list | head`), stop
    // quietly, as Unix tools do, instead of reporting a panic.
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let msg = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if msg.contains("Broken pipe") || msg.contains("failed printing to stdout") {
            std::process::exit(0);
        }
        default(info);
    }));
    std::process::exit(cli::run());
}
