//! `run-shard --shard`: given by hand (`i/n`), or read from the scheduler
//! that started the task (`auto`, `auto/n`). The tool does not schedule; it
//! reads the conventions of two that do:
//!
//! * **Slurm job arrays** (`sbatch --array=1-N`): `SLURM_ARRAY_TASK_ID` is
//!   the shard, numbered from 1. With `auto`, the number of shards is the
//!   array's: `SLURM_ARRAY_TASK_MIN` must be 1 and `SLURM_ARRAY_TASK_MAX`
//!   (and `SLURM_ARRAY_TASK_COUNT`, when set) N. `scontrol requeue` keeps
//!   those bounds, so a requeued task finds its shard again. A task
//!   submitted alone (`sbatch --array=2`) sees bounds 2..2 and cannot tell
//!   N: `auto` refuses it, `auto/N` counts shard 2 of N.
//! * **Kubernetes Indexed Jobs**: `JOB_COMPLETION_INDEX`, numbered from 0,
//!   so shard `index + 1`. Kubernetes does not tell the number of
//!   completions, so it must be given: `auto/N`.
//!
//! Anything ambiguous is refused with a message naming the variables read,
//! never guessed: a wrong shard would silently count the wrong positions.

/// The `--shard` argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardArg {
    /// `i/n`.
    Given(u32, u32),
    /// `auto` or `auto/n`.
    Auto(Option<u32>),
}

/// Parses `i/n` with `1 <= i <= n`.
pub fn parse_shard(text: &str) -> Result<(u32, u32), String> {
    let (i, n) = text
        .split_once('/')
        .ok_or_else(|| format!("expected i/n, found '{text}'"))?;
    let i: u32 = i
        .trim()
        .parse()
        .map_err(|_| format!("bad shard index '{i}'"))?;
    let n: u32 = n
        .trim()
        .parse()
        .map_err(|_| format!("bad shard count '{n}'"))?;
    if n == 0 || i == 0 || i > n {
        return Err(format!("shard '{text}': need 1 <= i <= n"));
    }
    Ok((i, n))
}

/// Parses `--shard`: `i/n`, `auto` or `auto/n`.
pub fn parse_shard_arg(text: &str) -> Result<ShardArg, String> {
    match text.split_once('/') {
        None if text == "auto" => Ok(ShardArg::Auto(None)),
        Some(("auto", n)) => match n.trim().parse::<u32>() {
            Ok(n) if n > 0 => Ok(ShardArg::Auto(Some(n))),
            _ => Err(format!("bad shard count '{n}' in '{text}'")),
        },
        _ => parse_shard(text)
            .map(|(i, n)| ShardArg::Given(i, n))
            .map_err(|e| format!("{e} (or auto, auto/n)")),
    }
}

/// The variables `auto` reads, for the messages.
const LOOKED_FOR: &str = "SLURM_ARRAY_TASK_ID (with SLURM_ARRAY_TASK_MIN, SLURM_ARRAY_TASK_MAX, \
SLURM_ARRAY_TASK_COUNT) or JOB_COMPLETION_INDEX";

/// How to give the shard by hand, for the messages.
const BY_HAND: &str = "give the shard by hand as --shard i/n (1 <= i <= n)";

/// The shard `(i, n)` of `arg`, reading the scheduler's variables through
/// `var` for `auto`.
pub fn resolve(arg: ShardArg, var: impl Fn(&str) -> Option<String>) -> Result<(u32, u32), String> {
    let count = match arg {
        ShardArg::Given(i, n) => return Ok((i, n)),
        ShardArg::Auto(count) => count,
    };
    let number = |name: &str| -> Result<Option<u32>, String> {
        match var(name) {
            None => Ok(None),
            Some(text) => text
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| format!("{name}={text} is not a number")),
        }
    };
    let slurm = number("SLURM_ARRAY_TASK_ID")?;
    let kubernetes = number("JOB_COMPLETION_INDEX")?;
    match (slurm, kubernetes) {
        (Some(_), Some(_)) => Err(format!(
            "--shard auto: both SLURM_ARRAY_TASK_ID and JOB_COMPLETION_INDEX are set; {BY_HAND}"
        )),
        (None, None) => Err(format!(
            "--shard auto: none of {LOOKED_FOR} is set (not a Slurm array task or a Kubernetes \
             Indexed Job); {BY_HAND}"
        )),
        (None, Some(index)) => {
            let Some(n) = count else {
                return Err(format!(
                    "--shard auto: JOB_COMPLETION_INDEX={index}, but Kubernetes does not tell \
                     the number of completions: give it as --shard auto/N"
                ));
            };
            if index >= n {
                return Err(format!(
                    "--shard auto/{n}: JOB_COMPLETION_INDEX={index} is not below {n} \
                     (indices run from 0 to {})",
                    n - 1
                ));
            }
            Ok((index + 1, n))
        }
        (Some(id), None) => {
            let (min, max) = (
                number("SLURM_ARRAY_TASK_MIN")?,
                number("SLURM_ARRAY_TASK_MAX")?,
            );
            let tasks = number("SLURM_ARRAY_TASK_COUNT")?;
            slurm_shard(id, min, max, tasks, count)
        }
    }
}

/// The Slurm case of [`resolve`].
fn slurm_shard(
    id: u32,
    min: Option<u32>,
    max: Option<u32>,
    tasks: Option<u32>,
    count: Option<u32>,
) -> Result<(u32, u32), String> {
    let bounds = match (min, max) {
        (Some(min), Some(max)) => format!("SLURM_ARRAY_TASK_MIN={min}, SLURM_ARRAY_TASK_MAX={max}"),
        _ => "no SLURM_ARRAY_TASK_MIN/MAX".to_string(),
    };
    let Some(n) = count else {
        // `auto`: the array is the shards, 1..N.
        return match (min, max) {
            (Some(1), Some(max)) if id <= max && tasks.is_none_or(|t| t == max) => Ok((id, max)),
            (Some(1), Some(max)) => Err(format!(
                "--shard auto: SLURM_ARRAY_TASK_ID={id}, {bounds}, SLURM_ARRAY_TASK_COUNT={}: \
                 the array is not 1-{max} without gaps; give the number of shards: \
                 --shard auto/N",
                tasks.map_or("unset".to_string(), |t| t.to_string())
            )),
            _ => Err(format!(
                "--shard auto: SLURM_ARRAY_TASK_ID={id} with {bounds}: the number of shards is \
                 not the array's 1-N (a task resubmitted alone?); give it: --shard auto/N, \
                 shards numbered by the array from 1"
            )),
        };
    };
    if id == 0 || id > n {
        return Err(format!(
            "--shard auto/{n}: SLURM_ARRAY_TASK_ID={id} is not a shard number 1..{n} (submit \
             the array as --array=1-{n})"
        ));
    }
    // The whole array, numbered otherwise than 1..n: each id would be the
    // wrong shard.
    let whole_array = match (min, max) {
        (Some(min), Some(max)) => max.checked_sub(min).map(|d| d + 1) == Some(n) && min != 1,
        _ => false,
    };
    if let (true, Some(min), Some(max)) = (whole_array, min, max) {
        return Err(format!(
            "--shard auto/{n}: the array runs {min}-{max}, but shards are numbered 1..{n}: \
             submit it as --array=1-{n}"
        ));
    }
    Ok((id, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    }

    fn array(id: &str, min: &str, max: &str) -> Vec<(&'static str, String)> {
        vec![
            ("SLURM_ARRAY_TASK_ID", id.to_string()),
            ("SLURM_ARRAY_TASK_MIN", min.to_string()),
            ("SLURM_ARRAY_TASK_MAX", max.to_string()),
        ]
    }

    fn resolve_in(arg: &str, vars: &[(&'static str, String)]) -> Result<(u32, u32), String> {
        let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
        resolve(parse_shard_arg(arg)?, env(&vars))
    }

    #[test]
    fn given_shards_are_kept() {
        assert_eq!(resolve_in("2/4", &[]), Ok((2, 4)));
        assert!(parse_shard_arg("0/4").is_err());
        assert!(parse_shard_arg("5/4").is_err());
        assert!(parse_shard_arg("auto/0").is_err());
        assert!(parse_shard_arg("automatic").is_err());
    }

    #[test]
    fn slurm_arrays() {
        // A task of --array=1-4, first run or requeued: the bounds stay.
        assert_eq!(resolve_in("auto", &array("2", "1", "4")), Ok((2, 4)));
        assert_eq!(resolve_in("auto/4", &array("2", "1", "4")), Ok((2, 4)));
        let mut with_count = array("3", "1", "4");
        with_count.push(("SLURM_ARRAY_TASK_COUNT", "4".into()));
        assert_eq!(resolve_in("auto", &with_count), Ok((3, 4)));
        // Resubmitted alone with --array=2: bounds 2..2.
        let alone = array("2", "2", "2");
        assert!(resolve_in("auto", &alone).unwrap_err().contains("auto/N"));
        assert_eq!(resolve_in("auto/4", &alone), Ok((2, 4)));
        // An array numbered from 0 would shift every shard: refused.
        assert!(resolve_in("auto", &array("0", "0", "3")).is_err());
        assert!(resolve_in("auto/4", &array("3", "0", "3")).is_err());
        assert!(resolve_in("auto/4", &array("0", "0", "0")).is_err());
        // More tasks than shards, or gaps.
        assert!(resolve_in("auto/4", &array("5", "1", "8")).is_err());
        let mut gaps = array("3", "1", "3");
        gaps.push(("SLURM_ARRAY_TASK_COUNT", "2".into()));
        assert!(resolve_in("auto", &gaps).is_err());
        assert_eq!(resolve_in("auto/3", &gaps), Ok((3, 3)));
        // An id without bounds: only with the count.
        let bare = vec![("SLURM_ARRAY_TASK_ID", "2".to_string())];
        assert!(resolve_in("auto", &bare).is_err());
        assert_eq!(resolve_in("auto/4", &bare), Ok((2, 4)));
    }

    #[test]
    fn kubernetes_indexed_jobs() {
        let pod = vec![("JOB_COMPLETION_INDEX", "0".to_string())];
        assert_eq!(resolve_in("auto/4", &pod), Ok((1, 4)));
        assert!(resolve_in("auto", &pod).unwrap_err().contains("auto/N"));
        let last = vec![("JOB_COMPLETION_INDEX", "3".to_string())];
        assert_eq!(resolve_in("auto/4", &last), Ok((4, 4)));
        assert!(resolve_in("auto/3", &last).is_err());
    }

    #[test]
    fn nothing_or_both_is_refused() {
        let none = resolve_in("auto", &[]).unwrap_err();
        assert!(none.contains("SLURM_ARRAY_TASK_ID") && none.contains("JOB_COMPLETION_INDEX"));
        assert!(none.contains("--shard i/n"));
        let mut both = array("1", "1", "4");
        both.push(("JOB_COMPLETION_INDEX", "0".into()));
        assert!(resolve_in("auto/4", &both).is_err());
        let garbage = vec![("SLURM_ARRAY_TASK_ID", "two".to_string())];
        assert!(resolve_in("auto/4", &garbage).is_err());
    }
}
