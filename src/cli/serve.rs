//! `varia serve`: the designer's workbench in the browser.

use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// A rule file (created on the first save if it does not exist) or a
    /// folder of .variant files. Without it, the built-in variants are
    /// served read-only and nothing is written.
    #[arg(value_name = "FILE|DIR")]
    pub path: Option<PathBuf>,
    /// The port (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on. The default answers this machine only;
    /// another address lets other machines reach the page (and the files
    /// it may write).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
}

pub fn serve(a: &ServeArgs) -> i32 {
    let root = match varia::serve::Root::for_path(a.path.as_deref()) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let host: std::net::IpAddr = match a.host.trim_start_matches('[').trim_end_matches(']').parse()
    {
        Ok(h) => h,
        Err(_) => {
            eprintln!(
                "error: --host {} is not an IP address (such as 127.0.0.1 or ::1)",
                a.host
            );
            return 2;
        }
    };
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the server: {e}");
            return 1;
        }
    };
    rt.block_on(async move {
        let listener = match tokio::net::TcpListener::bind((host, a.port)).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: cannot listen on {}:{}: {e}", a.host, a.port);
                return 1;
            }
        };
        let port = listener.local_addr().map_or(a.port, |x| x.port());
        let app = varia::serve::App::new(root, &host.to_string(), port);
        let url = app.guard.url();
        outln!("varia serve: {url}");
        if let Some(d) = app.root.dir() {
            eprintln!("serving {} (Ctrl-C stops)", d.display());
        } else {
            eprintln!("serving the built-in variants, read-only (Ctrl-C stops)");
        }
        if a.open {
            open_browser(&url);
        }
        match varia::serve::serve(listener, app).await {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("error: the server stopped: {e}");
                1
            }
        }
    })
}

/// Open `url` with the desktop's opener (asked for with --open only).
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        eprintln!("cannot open a browser ({opener}: {e}); open {url} yourself");
    }
}
