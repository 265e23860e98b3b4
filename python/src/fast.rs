//! `Board.push` and `Board.pop` as CPython methods of their own, for their
//! common case: a `Move` that `legal_moves` listed in this position,
//! pushed with one positional argument, and a `pop` of a non-empty stack.
//!
//! The methods PyO3 generates pass every call through its trampoline (a
//! thread-local counter, the panic guard), its argument parser and a
//! result conversion: about as many instructions as the push and pop
//! themselves (docs/python-performance.md). These functions do the common
//! case with CPython's calling convention directly and hand every other
//! call, unchanged, to PyO3's method (kept as the original descriptor), so
//! the checks, messages and keyword arguments are the same.

use crate::board::Board;
use crate::moves::Move;
use pyo3::exceptions::PyRuntimeError;
use pyo3::ffi;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::pyclass::PyClassGuardMut;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString, PyTuple, PyType};
use std::ffi::CString;
use std::os::raw::c_char;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::ptr;
use std::sync::atomic::{AtomicBool, AtomicPtr, Ordering};

/// PyO3's `push` and `pop` method descriptors, which the functions here
/// call for every case they do not handle themselves.
static PYO3_PUSH: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static PYO3_POP: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// True on CPython 3.12 and later, where `None` is immortal: a new
/// reference to it is the pointer alone (CPython's own `Py_RETURN_NONE`
/// has not counted it since 3.12), without the stable ABI's call to
/// `Py_IncRef`.
static NONE_IMMORTAL: AtomicBool = AtomicBool::new(false);

/// The type object of `Move`, for an exact type test by one comparison
/// (PyO3's test finds the type object through its lazy initialisation
/// first); null until `install`.
static MOVE_TYPE: AtomicPtr<ffi::PyTypeObject> = AtomicPtr::new(ptr::null_mut());

/// Replaces `Board.push` and `Board.pop` by the functions here (with the
/// same names, signatures and docstrings), keeping PyO3's.
pub fn install(board: &Bound<'_, PyType>) -> PyResult<()> {
    let py = board.py();
    MOVE_TYPE.store(py.get_type::<Move>().as_type_ptr(), Ordering::Relaxed);
    NONE_IMMORTAL.store(py.version_info() >= (3, 12), Ordering::Relaxed);
    let push = ffi::PyMethodDefPointer {
        PyCFunctionFastWithKeywords: push,
    };
    let pop = ffi::PyMethodDefPointer {
        PyCFunctionFast: pop,
    };
    for (name, meth, flags, keep) in [
        (
            "push",
            push,
            ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
            &PYO3_PUSH,
        ),
        // METH_FASTCALL, not METH_NOARGS: CPython's interpreter calls a
        // METH_FASTCALL builtin straight from its specialised CALL
        // instruction, a METH_NOARGS one through two generic functions.
        ("pop", pop, ffi::METH_FASTCALL, &PYO3_POP),
    ] {
        let original = board.getattr(name)?;
        // CPython's form of a docstring with a signature, as PyO3 writes it.
        let signature: String = original.getattr("__text_signature__")?.extract()?;
        let doc: String = original.getattr("__doc__")?.extract()?;
        let text = CString::new(format!("{name}{signature}\n--\n\n{doc}"))
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        let name_c = CString::new(name).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        // CPython keeps a pointer to the definition for as long as the
        // type lives (here: the process), so it is leaked, once per import.
        let def: &'static mut ffi::PyMethodDef = Box::leak(Box::new(ffi::PyMethodDef {
            ml_name: name_c.into_raw() as *const c_char,
            ml_meth: meth,
            ml_flags: flags,
            ml_doc: text.into_raw() as *const c_char,
        }));
        // SAFETY: `board` is a type object and `def` a complete method
        // definition that lives forever; the new reference is owned here.
        let descriptor = unsafe {
            Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMethod(board.as_type_ptr(), def))
        }?;
        keep.set(py, original.unbind())
            .map_err(|_| PyRuntimeError::new_err("magicboard's Board methods installed twice"))?;
        board.setattr(name, descriptor)?;
    }
    Ok(())
}

/// The result of a call: the new reference, or null with the error set.
fn into_result(py: Python<'_>, result: PyResult<Bound<'_, PyAny>>) -> *mut ffi::PyObject {
    match result {
        Ok(value) => value.into_ptr(),
        Err(err) => {
            err.restore(py);
            ptr::null_mut()
        }
    }
}

/// A panic caught at the boundary, as PyO3 reports one.
fn panicked(py: Python<'_>) -> *mut ffi::PyObject {
    PanicException::new_err("a Rust panic in magicboard's Board.push or Board.pop").restore(py);
    ptr::null_mut()
}

/// Calls PyO3's method `method` with `slf` and the vectorcall arguments.
///
/// # Safety
///
/// `args` holds `nargs` positional arguments followed by one per name in
/// `kwnames` (a tuple of strings, or null), all valid references.
unsafe fn call_pyo3<'py>(
    py: Python<'py>,
    method: &PyOnceLock<Py<PyAny>>,
    slf: Borrowed<'_, 'py, PyAny>,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<Bound<'py, PyAny>> {
    let method = method
        .get(py)
        .ok_or_else(|| PyRuntimeError::new_err("magicboard's Board methods are not installed"))?
        .bind(py);
    let nargs = usize::try_from(nargs).unwrap_or(0);
    // SAFETY: (the caller's) `args[..nargs]` are valid references.
    let arg = |i: usize| unsafe { Borrowed::from_ptr(py, *args.add(i)) };
    let mut positional = vec![slf.to_owned()];
    positional.extend((0..nargs).map(|i| arg(i).to_owned()));
    let kwargs = if kwnames.is_null() {
        None
    } else {
        // SAFETY: a non-null `kwnames` is a tuple of strings.
        let names = unsafe { Borrowed::from_ptr(py, kwnames) }.cast::<PyTuple>()?;
        let kwargs = PyDict::new(py);
        for (i, name) in names.iter().enumerate() {
            kwargs.set_item(name.cast::<PyString>()?, arg(nargs + i))?;
        }
        Some(kwargs)
    };
    method.call(PyTuple::new(py, positional)?, kwargs.as_ref())
}

/// `Board.push` (METH_FASTCALL | METH_KEYWORDS).
///
/// # Safety
///
/// Called by CPython only: attached to the interpreter, `slf` a `Board`
/// (the method descriptor checks the type), `args` as in `call_pyo3`.
unsafe extern "C" fn push(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls methods attached to the interpreter.
    let py = unsafe { Python::assume_attached() };
    // SAFETY: `slf` is a valid reference for the call.
    let this = unsafe { Borrowed::from_ptr(py, slf) };
    let done = catch_unwind(AssertUnwindSafe(|| {
        if nargs != 1 || !kwnames.is_null() {
            return false;
        }
        // SAFETY: one positional argument, a valid reference.
        let arg = unsafe { Borrowed::from_ptr(py, *args) };
        // SAFETY: reading the type of a valid object.
        let arg_type = unsafe { ffi::Py_TYPE(arg.as_ptr()) };
        if arg_type != MOVE_TYPE.load(Ordering::Relaxed) {
            return false;
        }
        debug_assert!(arg.is_exact_instance_of::<Move>());
        // SAFETY: `arg`'s type is exactly `Move` (tested above).
        let mv = unsafe { arg.cast_unchecked::<Move>() };
        // SAFETY: `slf` is a `Board`: the method descriptor tests the type
        // of the object it is called on (`Board` has no subclasses).
        debug_assert!(this.is_exact_instance_of::<Board>());
        let board = unsafe { this.cast_unchecked::<Board>() };
        // A guard, not `try_borrow_mut`'s `PyRefMut` (which holds a new
        // reference to the board).
        match PyClassGuardMut::try_from(&*board) {
            Ok(mut board) => board.push_listed(mv.get()),
            Err(_) => false,
        }
    }));
    match done {
        Ok(true) => {
            if NONE_IMMORTAL.load(Ordering::Relaxed) {
                // SAFETY: `None` is immortal here (above): its count is
                // neither needed nor changed by the caller's release.
                unsafe { ffi::Py_None() }
            } else {
                py.None().into_ptr()
            }
        }
        // SAFETY: CPython's arguments, as `call_pyo3` needs them.
        Ok(false) => match catch_unwind(AssertUnwindSafe(|| unsafe {
            call_pyo3(py, &PYO3_PUSH, this, args, nargs, kwnames)
        })) {
            Ok(result) => into_result(py, result),
            Err(_) => panicked(py),
        },
        Err(_) => panicked(py),
    }
}

/// `Board.pop` (METH_FASTCALL).
///
/// # Safety
///
/// Called by CPython only: attached to the interpreter, `slf` a `Board`,
/// `args` `nargs` valid references.
unsafe extern "C" fn pop(
    slf: *mut ffi::PyObject,
    args: *mut *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls methods attached to the interpreter.
    let py = unsafe { Python::assume_attached() };
    // SAFETY: `slf` is a valid reference for the call.
    let this = unsafe { Borrowed::from_ptr(py, slf) };
    let done = catch_unwind(AssertUnwindSafe(|| {
        if nargs != 0 {
            return None;
        }
        // SAFETY: `slf` is a `Board`, as in `push`.
        debug_assert!(this.is_exact_instance_of::<Board>());
        let board = unsafe { this.cast_unchecked::<Board>() };
        let mut board = PyClassGuardMut::try_from(&*board).ok()?;
        board.pop_move()
    }));
    match done {
        Ok(Some(mv)) => match mv.interned_ptr(py) {
            Some(object) => object,
            None => match catch_unwind(|| mv.to_py(py)) {
                Ok(result) => into_result(py, result.map(Bound::into_any)),
                Err(_) => panicked(py),
            },
        },
        // Arguments, an empty stack or a borrowed board: PyO3's method
        // says so.
        Ok(None) => match catch_unwind(AssertUnwindSafe(|| unsafe {
            // SAFETY: CPython's arguments, no keywords.
            call_pyo3(
                py,
                &PYO3_POP,
                this,
                args.cast_const(),
                nargs,
                ptr::null_mut(),
            )
        })) {
            Ok(result) => into_result(py, result),
            Err(_) => panicked(py),
        },
        Err(_) => panicked(py),
    }
}
