//! `varia merge`: join the `--out` files of a run split into shards
//! (`simulate --shard K/N`) and report on the whole run. The joining and
//! its checks are the library's (`varia::study::merge`); this opens the files,
//! writes the joined records and prints the report.

use super::study::{Header, Study};
use clap::Args;
use std::io::Write;
use varia::study::merge::Source;

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The `--out` files of the shards of one run (`simulate --shard K/N`).
    #[arg(required = true)]
    pub files: Vec<String>,
    /// Write the joined records here, in game order (the same bytes as the
    /// unsharded run's `--out`).
    #[arg(long, value_name = "FILE.jsonl")]
    pub out: Option<String>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Write the HTML report (as `simulate --report` does) to FILE.
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<String>,
    /// The sequential test the run was given (`simulate --sprt`): the
    /// joined run stops after the game where it decides, as the unsharded
    /// run stops there (later games are neither counted nor written).
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]", value_parser = str::parse::<varia::study::stats::Sprt>)]
    pub sprt: Option<varia::study::stats::Sprt>,
    /// A directory from which the `.variant` file the records name may be
    /// read (repeatable); the records' own directories are always allowed.
    #[arg(long, value_name = "DIR")]
    pub variant_path: Vec<std::path::PathBuf>,
}

pub fn merge(a: &MergeArgs) -> i32 {
    match merge_inner(a) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

/// The output file, written beside its final name and renamed there once
/// every game has been checked (a failed merge leaves no partial file).
struct Output {
    path: String,
    part: String,
    file: std::io::BufWriter<std::fs::File>,
}

impl Output {
    fn create(path: &str) -> Result<Output, String> {
        let part = format!("{path}.partial-{}", std::process::id());
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&part)
            .map_err(|e| format!("cannot write {part}: {e}"))?;
        Ok(Output {
            path: path.to_string(),
            part,
            file: std::io::BufWriter::new(file),
        })
    }

    fn write(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.file, "{line}").map_err(|e| format!("cannot write {}: {e}", self.part))
    }

    fn finish(mut self) -> Result<(), String> {
        self.file
            .flush()
            .map_err(|e| format!("cannot write {}: {e}", self.part))?;
        std::fs::rename(&self.part, &self.path)
            .map_err(|e| format!("cannot write {}: {e}", self.path))
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.part);
    }
}

fn merge_inner(a: &MergeArgs) -> Result<(), String> {
    let mut outputs = Vec::new();
    if let Some(o) = &a.out {
        outputs.push(("--out", o.as_str()));
    }
    if let Some(r) = &a.report {
        outputs.push(("--report", r.as_str()));
    }
    let inputs: Vec<(&str, &str)> = a.files.iter().map(|f| ("the shard", f.as_str())).collect();
    super::paths::check(&outputs, &inputs)?;
    for (i, f) in a.files.iter().enumerate() {
        if let Some(g) = a.files[..i]
            .iter()
            .find(|g| super::paths::check(&[("", f)], &[("", g)]).is_err())
        {
            return Err(format!(
                "{f} and {g} are the same file, so its games would be in more than one file: \
                 give each shard once"
            ));
        }
    }
    let sources = a
        .files
        .iter()
        .map(|f| open(f))
        .collect::<Result<Vec<_>, _>>()?;
    let mut allowed: Vec<std::path::PathBuf> = a
        .files
        .iter()
        .map(|f| super::paths::record_dir(std::path::Path::new(f)))
        .collect();
    allowed.extend(a.variant_path.iter().cloned());
    let mut out = a.out.as_deref().map(Output::create).transpose()?;
    let joined = varia::study::merge::join(
        sources,
        &allowed,
        &mut varia::study::verify::Compiled::default(),
        super::simulate::REPORT_SAMPLES,
        a.sprt.as_ref(),
        |line| match out.as_mut() {
            Some(o) => o.write(line),
            None => Ok(()),
        },
    )?;
    if let Some(o) = out {
        o.finish()?;
    }
    let header = Header::new(&joined.variant, joined.seed, joined.players.clone(), None);
    let study = Study {
        header: &header,
        tally: &joined.tally,
        variant: &joined.variant,
        samples: &joined.samples,
        flaws: &joined.flaws,
        sprt: joined.sprt,
    };
    study.print(a.json);
    if let Some(path) = &a.report {
        study.write_html(path)?;
    }
    Ok(())
}

/// A shard file, opened for reading (a regular file only).
fn open(name: &str) -> Result<Source<std::io::BufReader<std::fs::File>>, String> {
    let meta = std::fs::metadata(name).map_err(|e| format!("cannot read {name}: {e}"))?;
    if !meta.is_file() {
        return Err(format!(
            "cannot read {name}: it is not a regular file (a directory, device, FIFO or socket)"
        ));
    }
    let f = std::fs::File::open(name).map_err(|e| format!("cannot read {name}: {e}"))?;
    Ok(Source::new(name, std::io::BufReader::new(f)))
}
