//! The real `varia` binary in the command-line tests: one way to start it,
//! feed it input and read what it writes (`mod support;` in a test file).
#![allow(dead_code)]

use assert_cmd::assert::Assert;
use assert_cmd::Command;
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// `varia`, colour off.
pub fn varia() -> Command {
    let mut c = Command::cargo_bin("varia").expect("the varia binary");
    c.env("NO_COLOR", "1");
    c
}

/// The standard output of `c` fed `input`; `c` must succeed within a
/// minute, and write UTF-8.
pub fn answers(c: &mut Command, input: &str) -> String {
    answers_within(c, input, Duration::from_secs(60))
}

/// The standard output of `c` fed `input`; `c` must succeed within `t`,
/// and write UTF-8.
pub fn answers_within(c: &mut Command, input: &str, t: Duration) -> String {
    let out = c
        .write_stdin(input)
        .timeout(t)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).expect("UTF-8 output")
}

/// The standard output of `varia ARGS` fed `input`; it must succeed.
pub fn stdout_of(args: &[&str], input: &str) -> String {
    answers(varia().args(args), input)
}

/// `varia ARGS` fed `stdin`: (exit status, standard output, standard
/// error); -1 for a process ended by a signal.
pub fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    status_and_output(varia().args(args), stdin)
}

/// `run`, the process ended (status -1) if it still runs after `t`.
pub fn run_within(args: &[&str], stdin: &[u8], t: Duration) -> (i32, String, String) {
    status_and_output(varia().args(args).timeout(t), stdin)
}

fn status_and_output(c: &mut Command, stdin: &[u8]) -> (i32, String, String) {
    let out = c.write_stdin(stdin.to_vec()).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// What an asserted run wrote: (standard output, standard error).
pub fn out(a: &Assert) -> (String, String) {
    let o = a.get_output();
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// A live `varia ARGS` (`uci`, `xboard`): write to it, read its lines as
/// they come.
pub struct Live {
    child: std::process::Child,
    input: Option<std::process::ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for the messages of failed waits.
    pub seen: Vec<String>,
}

impl Live {
    pub fn start(args: &[&str]) -> Live {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
            .args(args)
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for l in BufReader::new(stdout).lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Live {
            child,
            input,
            lines,
            seen: Vec::new(),
        }
    }

    pub fn send(&mut self, bytes: &[u8]) {
        let i = self.input.as_mut().unwrap();
        i.write_all(bytes).unwrap();
        i.flush().unwrap();
    }

    /// The next line, if one comes before `end`.
    pub fn line_before(&mut self, end: Instant) -> Option<String> {
        let l = self
            .lines
            .recv_timeout(end.saturating_duration_since(Instant::now()))
            .ok()?;
        self.seen.push(l.clone());
        Some(l)
    }

    /// Lines up to one that `done` accepts (described by `what` in the
    /// failure's message), which must come within `t`.
    pub fn until_line(
        &mut self,
        what: &str,
        done: impl Fn(&str) -> bool,
        t: Duration,
    ) -> Vec<String> {
        let end = Instant::now() + t;
        let mut got = Vec::new();
        loop {
            let Some(l) = self.line_before(end) else {
                panic!("no {what} within {t:?}; seen {:?}", self.seen)
            };
            let stop = done(&l);
            got.push(l);
            if stop {
                return got;
            }
        }
    }

    /// Lines up to one that starts with `start`, which must come within `t`.
    pub fn until(&mut self, start: &str, t: Duration) -> Vec<String> {
        self.until_line(&format!("`{start}`"), |l| l.starts_with(start), t)
    }

    /// What came within `t`, waiting all of it.
    pub fn within(&mut self, t: Duration) -> Vec<String> {
        let end = Instant::now() + t;
        std::iter::from_fn(|| self.line_before(end)).collect()
    }

    /// Close the input; the process must end, successfully, within `t`.
    /// Returns the lines it wrote after those already read.
    pub fn close(mut self, t: Duration) -> Vec<String> {
        drop(self.input.take());
        let end = Instant::now() + t;
        loop {
            if let Some(st) = self.child.try_wait().unwrap() {
                assert!(st.success());
                break;
            }
            if Instant::now() > end {
                let _ = self.child.kill();
                panic!("still running {t:?} after the end of its input");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        // Everything it wrote: the reader ends at the end of its output.
        self.lines.iter().collect()
    }
}

/// The lines of `out` that start with `prefix`.
pub fn lines_with<'a>(out: &'a str, prefix: &str) -> Vec<&'a str> {
    out.lines().filter(|l| l.starts_with(prefix)).collect()
}
