//! `SquareSet`: a set of squares over a 64-bit mask, as python-chess's.

use crate::errors::bad_square;
use crate::library as lib;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyIterator, PyList, PyTuple, PyType};
use pyo3::{IntoPyObjectExt, intern};

/// All 64 squares.
const ALL: u64 = !0;

/// A set of squares, as python-chess's ``chess.SquareSet``: iterable (a1
/// first), ``len()``-able, ``in`` for a square, ``int()`` for the mask, the
/// set operators ``& | ^ -`` and ``~`` with other square sets or integer
/// masks, and equal to another set or to an integer with the same mask.
///
/// Unlike python-chess's, it is immutable (``add``, ``discard``, ... are
/// missing; the operators return new sets) and so hashable.
#[pyclass(module = "magicboard", frozen)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareSet {
    /// The squares, bit `i` for square `i`.
    pub mask: u64,
}

impl SquareSet {
    /// A new Python square set.
    pub fn py(py: Python<'_>, mask: u64) -> PyResult<Bound<'_, SquareSet>> {
        Bound::new(py, SquareSet { mask })
    }
}

/// The mask of a `SquareSet`, an integer, or an iterable of squares.
pub fn mask_of(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(set) = obj.cast::<SquareSet>() {
        return Ok(set.get().mask);
    }
    if obj.is_instance_of::<PyInt>() || obj.hasattr(intern!(obj.py(), "__index__"))? {
        // Masks outside 0..2**64 keep their low 64 bits, as `& BB_ALL` would.
        return match obj.extract::<u64>() {
            Ok(mask) => Ok(mask),
            Err(_) => obj
                .call_method1(intern!(obj.py(), "__and__"), (ALL,))?
                .extract(),
        };
    }
    let mut mask = 0u64;
    for item in obj.try_iter()? {
        mask |= 1u64 << square_index(&item?)?;
    }
    Ok(mask)
}

/// A square index 0..=63 from a Python integer.
pub fn square_index(obj: &Bound<'_, PyAny>) -> PyResult<u8> {
    let i: i64 = obj.extract()?;
    u8::try_from(i)
        .ok()
        .filter(|&i| i < 64)
        .ok_or_else(|| bad_square(i))
}

/// `other`'s mask, or `None` when it is no set of squares (the operator
/// then returns `NotImplemented`).
fn operand(other: &Bound<'_, PyAny>) -> Option<u64> {
    mask_of(other).ok()
}

#[pymethods]
impl SquareSet {
    /// SquareSet(squares=0)
    ///
    /// From an integer mask, another square set, or an iterable of squares.
    #[new]
    #[pyo3(signature = (squares = None))]
    fn py_new(squares: Option<&Bound<'_, PyAny>>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: match squares {
                None => 0,
                Some(s) => mask_of(s)?,
            },
        })
    }

    /// The set holding only ``square``.
    #[classmethod]
    fn from_square(_cls: &Bound<'_, PyType>, square: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: 1 << square_index(square)?,
        })
    }

    /// The whole line (rank, file or diagonal) through squares ``a`` and
    /// ``b``, or the empty set when they share none.
    #[classmethod]
    fn ray(
        _cls: &Bound<'_, PyType>,
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
    ) -> PyResult<SquareSet> {
        let (a, b) = (square(a)?, square(b)?);
        Ok(SquareSet {
            mask: lib::line(a, b),
        })
    }

    /// The squares strictly between ``a`` and ``b`` on a line, or the empty
    /// set when they share none.
    #[classmethod]
    fn between(
        _cls: &Bound<'_, PyType>,
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
    ) -> PyResult<SquareSet> {
        let (a, b) = (square(a)?, square(b)?);
        Ok(SquareSet {
            mask: lib::between(a, b),
        })
    }

    /// The mask: bit ``i`` set for square ``i``.
    #[getter]
    fn mask(&self) -> u64 {
        self.mask
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        PyList::new(py, lib::squares_of(self.mask))?.try_iter()
    }

    fn __reversed__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        PyList::new(py, lib::squares_of(self.mask).rev())?.try_iter()
    }

    fn __len__(&self) -> usize {
        lib::count(self.mask) as usize
    }

    fn __contains__(&self, square: &Bound<'_, PyAny>) -> bool {
        square_index(square).is_ok_and(|i| self.mask >> i & 1 == 1)
    }

    fn __bool__(&self) -> bool {
        self.mask != 0
    }

    fn __int__(&self) -> u64 {
        self.mask
    }

    fn __index__(&self) -> u64 {
        self.mask
    }

    fn __hash__(&self) -> isize {
        // Equal to the integer with the same mask, so hashed like it:
        // Python hashes a non-negative integer to itself modulo 2**61 - 1.
        (self.mask % ((1 << 61) - 1)) as isize
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        operand(other) == Some(self.mask)
    }

    fn __ne__(&self, other: &Bound<'_, PyAny>) -> bool {
        operand(other) != Some(self.mask)
    }

    fn __and__(&self, other: &Bound<'_, PyAny>) -> Option<SquareSet> {
        operand(other).map(|m| SquareSet {
            mask: self.mask & m,
        })
    }

    fn __rand__(&self, other: &Bound<'_, PyAny>) -> Option<SquareSet> {
        self.__and__(other)
    }

    fn __or__(&self, other: &Bound<'_, PyAny>) -> Option<SquareSet> {
        operand(other).map(|m| SquareSet {
            mask: self.mask | m,
        })
    }

    fn __ror__(&self, other: &Bound<'_, PyAny>) -> Option<SquareSet> {
        self.__or__(other)
    }

    fn __xor__(&self, other: &Bound<'_, PyAny>) -> Option<SquareSet> {
        operand(other).map(|m| SquareSet {
            mask: self.mask ^ m,
        })
    }

    fn __rxor__(&self, other: &Bound<'_, PyAny>) -> Option<SquareSet> {
        self.__xor__(other)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> Option<SquareSet> {
        operand(other).map(|m| SquareSet {
            mask: self.mask & !m,
        })
    }

    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> Option<SquareSet> {
        operand(other).map(|m| SquareSet {
            mask: m & !self.mask,
        })
    }

    fn __invert__(&self) -> SquareSet {
        SquareSet {
            mask: !self.mask & ALL,
        }
    }

    fn __lshift__(&self, shift: u32) -> SquareSet {
        SquareSet {
            mask: self.mask.checked_shl(shift).unwrap_or(0),
        }
    }

    fn __rshift__(&self, shift: u32) -> SquareSet {
        SquareSet {
            mask: self.mask.checked_shr(shift).unwrap_or(0),
        }
    }

    /// The squares in this set or in ``others`` (square sets, masks or
    /// iterables of squares).
    #[pyo3(signature = (*others))]
    fn union(&self, others: &Bound<'_, PyTuple>) -> PyResult<SquareSet> {
        let mut mask = self.mask;
        for other in others.iter() {
            mask |= mask_of(&other)?;
        }
        Ok(SquareSet { mask })
    }

    /// The squares in this set and in every one of ``others``.
    #[pyo3(signature = (*others))]
    fn intersection(&self, others: &Bound<'_, PyTuple>) -> PyResult<SquareSet> {
        let mut mask = self.mask;
        for other in others.iter() {
            mask &= mask_of(&other)?;
        }
        Ok(SquareSet { mask })
    }

    /// The squares in this set and in none of ``others``.
    #[pyo3(signature = (*others))]
    fn difference(&self, others: &Bound<'_, PyTuple>) -> PyResult<SquareSet> {
        let mut mask = self.mask;
        for other in others.iter() {
            mask &= !mask_of(&other)?;
        }
        Ok(SquareSet { mask })
    }

    /// The squares in exactly one of this set and ``other``.
    fn symmetric_difference(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: self.mask ^ mask_of(other)?,
        })
    }

    /// True when every square of this set is in ``other``.
    fn issubset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask & !mask_of(other)? == 0)
    }

    /// True when every square of ``other`` is in this set.
    fn issuperset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(mask_of(other)? & !self.mask == 0)
    }

    /// True when this set and ``other`` share no square.
    fn isdisjoint(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask & mask_of(other)? == 0)
    }

    /// The same set (square sets are immutable).
    fn copy(&self) -> SquareSet {
        *self
    }

    /// The set with its ranks mirrored (a1 <-> a8).
    fn mirror(&self) -> SquareSet {
        SquareSet {
            mask: self.mask.swap_bytes(),
        }
    }

    /// 64 booleans, one per square, a1 first.
    fn tolist(&self) -> Vec<bool> {
        (0..64).map(|i| self.mask >> i & 1 == 1).collect()
    }

    fn __repr__(&self) -> String {
        format!("SquareSet({:#018x})", self.mask)
    }

    fn __str__(&self) -> String {
        lib::mask_diagram(self.mask)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let args = (slf.get().mask,).into_bound_py_any(py)?;
        PyTuple::new(py, [slf.get_type().into_any(), args])
    }
}

/// A library square from a Python integer.
fn square(obj: &Bound<'_, PyAny>) -> PyResult<lib::Square> {
    let i = square_index(obj)?;
    lib::square(i).ok_or_else(|| bad_square(i64::from(i)))
}
