//! Interruptions and the programs the tool starts.
//!
//! * Signals: [`install`], the first thing `main` does, has `signal-hook`
//!   catch SIGINT, SIGTERM and SIGHUP and hand them to a thread of its own
//!   (no code of ours runs inside a signal handler). When one arrives,
//!   that thread kills every process group [`spawn`] started,
//!   runs the hook of the running mode ([`on_interrupt`]: it prints what a
//!   partial run has, such as the root moves a `--divide` finished),
//!   writes `perft: interrupted by SIGINT` on stderr and exits with status
//!   128 + the signal's number: 130 for SIGINT, 143 for SIGTERM, 129 for
//!   SIGHUP. A signal that was ignored when the tool started (`nohup`)
//!   stays ignored.
//! * Programs: [`spawn`] starts a program in a process group of its own (on
//!   Unix) and returns a [`Group`]; ending the group (`Group::end`, or
//!   dropping it) kills every process in it, the program and whatever it
//!   started, so that nothing outlives the question it was asked.
//!
//! Elsewhere than on Unix there is no signal watcher, and a group is the
//! program alone.

use std::collections::BTreeSet;
use std::io;
use std::process::{Child, Command, ExitStatus};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The process groups started and not yet ended (their leaders not yet
/// reaped, so that the ids cannot have been reused).
static GROUPS: Mutex<BTreeSet<u32>> = Mutex::new(BTreeSet::new());

/// What the running mode prints when it is interrupted; the argument is
/// the signal's name.
type Hook = Box<dyn Fn(&str) + Send>;

static HOOK: Mutex<Option<Hook>> = Mutex::new(None);

/// Locks `mutex` even if a thread panicked while holding it (the tool's
/// shared data are sets, hooks, journals and counters that a panic cannot
/// leave half-written).
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Starts waiting for SIGINT, SIGTERM and SIGHUP (see the module docs).
/// Call it before any other thread starts, so that they all inherit the
/// blocked signals.
pub fn install() {
    #[cfg(unix)]
    unix::install();
}

/// Makes `hook` run when the tool is interrupted, until the returned guard
/// is dropped. One hook at a time: a later one replaces it.
pub fn on_interrupt(hook: impl Fn(&str) + Send + 'static) -> HookGuard {
    *lock(&HOOK) = Some(Box::new(hook));
    HookGuard(())
}

/// Removes the hook of [`on_interrupt`] when dropped.
pub struct HookGuard(());

impl Drop for HookGuard {
    fn drop(&mut self) {
        *lock(&HOOK) = None;
    }
}

/// The signal watcher's work: end every group, run the hook, exit.
#[cfg_attr(not(unix), allow(dead_code))]
fn interrupted(signal: i32, name: &str) -> ! {
    {
        let groups = lock(&GROUPS);
        for &pgid in groups.iter() {
            kill_group(pgid);
        }
        // The lock is held until the process exits: no group starts now.
        std::mem::forget(groups);
    }
    if let Some(hook) = lock(&HOOK).as_ref() {
        hook(name);
    }
    eprintln!("perft: interrupted by {name}");
    std::process::exit(128 + signal)
}

/// Ends the tool when stdout is a pipe whose reader has gone (`perft
/// --divide | head -3`): every group is ended, nothing more is printed, and
/// the status is 141 (128 + SIGPIPE), what a shell reports for a program
/// killed by SIGPIPE. The tool does not let SIGPIPE kill it, because
/// `diverge` writes to other programs' pipes and must see their end as an
/// error.
pub fn stdout_closed() -> ! {
    // `try_lock`: after an interrupt the watcher holds the lock for good
    // and has already ended the groups.
    if let Ok(groups) = GROUPS.try_lock() {
        for &pgid in groups.iter() {
            kill_group(pgid);
        }
        std::mem::forget(groups);
    }
    std::process::exit(141)
}

/// Sends SIGKILL to every process of the group `pgid`.
fn kill_group(pgid: u32) {
    #[cfg(unix)]
    if let Some(pgid) = i32::try_from(pgid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    {
        // The group's leader is one of our children not yet reaped (see
        // `GROUPS`), so the id is still that group's.
        let _ = rustix::process::kill_process_group(pgid, rustix::process::Signal::KILL);
    }
    #[cfg(not(unix))]
    let _ = pgid;
}

/// Starts `command` in a process group of its own.
pub fn spawn(command: &mut Command) -> io::Result<Group> {
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(command, 0);
    // Held while the program starts: the signal watcher kills it too,
    // however late it comes.
    let mut groups = lock(&GROUPS);
    let child = command.spawn()?;
    groups.insert(child.id());
    Ok(Group {
        child,
        status: None,
    })
}

/// A program started by [`spawn`], the leader of its process group.
pub struct Group {
    child: Child,
    /// Set once the group is ended and the program reaped.
    status: Option<ExitStatus>,
}

impl Group {
    /// The program, to take its pipes.
    pub fn child(&mut self) -> &mut Child {
        &mut self.child
    }

    /// True once the program has exited (it is not reaped, so that its
    /// group can still be killed by its id).
    pub fn has_exited(&mut self) -> io::Result<bool> {
        if self.status.is_some() {
            return Ok(true);
        }
        #[cfg(target_os = "linux")]
        {
            use rustix::process::{Pid, WaitId, WaitIdOptions, waitid};
            let pid = i32::try_from(self.child.id())
                .ok()
                .and_then(Pid::from_raw)
                .ok_or_else(|| io::Error::other("not a process id"))?;
            // WNOWAIT leaves the child waitable, so `std`'s Child still
            // reaps it later.
            let options = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
            let status = waitid(WaitId::Pid(pid), options)?;
            Ok(status.is_some())
        }
        #[cfg(not(target_os = "linux"))]
        {
            // Without WNOWAIT the program is reaped here; `end` then kills
            // the group by an id that is free again (a tiny window).
            if let Some(status) = self.child.try_wait()? {
                self.status = Some(status);
                kill_group(self.child.id());
                lock(&GROUPS).remove(&self.child.id());
            }
            Ok(self.status.is_some())
        }
    }

    /// Kills every process of the group (the program too, if it is still
    /// running) and reaps the program: its exit status, or how it was
    /// killed. Later calls return the same status.
    pub fn end(&mut self) -> io::Result<ExitStatus> {
        if let Some(status) = self.status {
            return Ok(status);
        }
        let pgid = self.child.id();
        {
            let mut groups = lock(&GROUPS);
            kill_group(pgid);
            groups.remove(&pgid);
        }
        // Elsewhere than on Unix the "group" is the program alone.
        #[cfg(not(unix))]
        let _ = self.child.kill();
        let status = self.child.wait()?;
        self.status = Some(status);
        Ok(status)
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        let _ = self.end();
    }
}

#[cfg(unix)]
mod unix {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;
    use std::mem::MaybeUninit;
    use std::ptr;

    const SIGNALS: [(libc::c_int, &str); 3] =
        [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")];

    /// True when `signal` is ignored (as `nohup` ignores SIGHUP): such a
    /// signal stays ignored. The one question signal-hook does not answer.
    fn ignored(signal: libc::c_int) -> bool {
        let mut old = MaybeUninit::<libc::sigaction>::zeroed();
        // SAFETY: a null new action only reads the current one into `old`,
        // a valid, writable sigaction.
        let rc = unsafe { libc::sigaction(signal, ptr::null(), old.as_mut_ptr()) };
        // SAFETY: zeroed, then filled in by sigaction on success.
        rc == 0 && unsafe { old.assume_init() }.sa_sigaction == libc::SIG_IGN
    }

    pub fn install() {
        let wanted: Vec<libc::c_int> = SIGNALS
            .iter()
            .map(|&(signal, _)| signal)
            .filter(|&signal| !ignored(signal))
            .collect();
        if wanted.is_empty() {
            return;
        }
        // The watcher registers the handlers itself, and `install` waits
        // until it has: where no thread can be started, nothing is
        // registered and the signals act as they did.
        let (ready, registered) = std::sync::mpsc::channel();
        let watcher = std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                let Ok(mut signals) = Signals::new(&wanted) else {
                    let _ = ready.send(());
                    return;
                };
                let _ = ready.send(());
                if let Some(signal) = signals.forever().next() {
                    let name = SIGNALS
                        .iter()
                        .find(|&&(s, _)| s == signal)
                        .map_or("a signal", |&(_, name)| name);
                    super::interrupted(signal, name);
                }
            });
        if watcher.is_ok() {
            let _ = registered.recv();
        }
    }
}
