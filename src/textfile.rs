//! Reading a text file the user named, within limits: a regular file (not
//! a device, FIFO or directory), no larger than its kind's limit, and UTF-8
//! text. Every file varia reads on the user's behalf (rule files, files
//! named by `extends`, game records, opening books) goes through
//! [`read_text`]. The bottom layer: it imports no other module of varia.

use std::io::Read;
use std::path::Path;

/// The largest rule file varia reads (4 MiB).
pub const MAX_RULE_FILE: u64 = 4 << 20;
/// The largest game record varia reads (64 MiB).
pub const MAX_RECORD_FILE: u64 = 64 << 20;

/// Read a text file the user named, refusing what is not a regular file,
/// what is larger than `limit` bytes, and what is not UTF-8.
pub fn read_text(path: &Path, limit: u64) -> Result<String, std::io::Error> {
    use std::io::{Error, ErrorKind};
    let meta = std::fs::metadata(path)?;
    if meta.is_dir() {
        return Err(Error::new(ErrorKind::InvalidInput, "it is a directory"));
    }
    if !meta.is_file() {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            "it is not a regular file (a device, FIFO or socket)",
        ));
    }
    if meta.len() > limit {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            format!(
                "it is {} bytes; files of this kind are limited to {}",
                meta.len(),
                human_bytes(limit)
            ),
        ));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            format!("it grew past the limit of {}", human_bytes(limit)),
        ));
    }
    String::from_utf8(bytes).map_err(|_| Error::new(ErrorKind::InvalidData, "it is not UTF-8 text"))
}

fn human_bytes(n: u64) -> String {
    if n >= 1 << 20 && n % (1 << 20) == 0 {
        format!("{} MiB", n >> 20)
    } else {
        format!("{n} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn special_files_are_refused_before_reading() {
        let e = read_text(Path::new("/dev/zero"), MAX_RULE_FILE).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let e = read_text(Path::new("/"), MAX_RULE_FILE).unwrap_err();
        assert!(e.to_string().contains("directory"), "{e}");
    }
}
