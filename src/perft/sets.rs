//! Perft's children of the last-but-one ply as six sets handed to the
//! counter by value, in registers, rather than written into a scratch
//! board the counter then reads back from memory.
//!
//! A child is its pieces as six sets ([`Sets`]): the side to move's and
//! the other side's, pawns, knights, diagonal sliders (bishops and
//! queens) and straight sliders (rooks and queens); kings are the pieces
//! in none of the four, queens those in both slider sets. Six sets are six
//! registers, all the integer arguments a call passes in registers on
//! x86-64, so the counter (`count_sets` in `src/perft/walk.rs`) gets its
//! child without a store and a load, and builds a local [`Board`] from
//! them, which the compiler keeps in registers too.
//!
//! What else a child has: its side to move is the counter's copy (one per
//! colour); standard chess's castling rights ride in the pawn set, on the
//! corner squares of the rooks that hold them (no pawn ever stands on the
//! first or last rank, and a move that starts or ends on such a corner, or
//! moves that side's king, drops the right, as the rules say); the kings'
//! squares ride there too, as bits of b1 to g1 and b8 to g8
//! ([`Sets::king_bits`]), added as the child is handed over (the same for
//! all of a node's children but its king's moves), so that the counter
//! reads each in two steps rather than deriving it from the six sets; and
//! it has
//! no en-passant square: the children that have one (a double push beside
//! an enemy pawn), castling and en passant go through the scratch board as
//! before ([`SetsEach::single`] and its push case). So only the castling
//! cases without Chess960 rights take this path, on boards without a pawn
//! on the first or last rank ([`Sets::fit`]).

use crate::attacks::Sliders;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::castling::{CastlingRights, CastlingSide};
use crate::color::Color;
use crate::movegen::{ALL, Castling, Counter, NO_CASTLING, STANDARD_CASTLING, Sink, behind};
use crate::moves::Move;
use crate::piece::PieceKind;
use crate::square::{File, Rank, Square};

/// Where [`Sets::king_bits`] puts the other side's king: on b8.
const THEIR_KING_SHIFT: u32 = 57;

/// The first and last ranks.
const BACK_RANKS: u64 = 0xff00_0000_0000_00ff;
/// Each colour's two rook corners of standard castling: a1 and h1, a8
/// and h8.
const SIDE_CORNERS: [u64; 2] = [(1 << 0) | (1 << 7), (1 << 56) | (1 << 63)];
/// All four.
const CORNERS: u64 = SIDE_CORNERS[0] | SIDE_CORNERS[1];

/// Standard chess's castling rights: whose, which side, the corner of its
/// rook (where [`Sets`] keeps the right) and that rook's file.
const RIGHTS: [(Color, CastlingSide, Square, File); 4] = [
    (Color::White, CastlingSide::KingSide, Square::H1, File::H),
    (Color::White, CastlingSide::QueenSide, Square::A1, File::A),
    (Color::Black, CastlingSide::KingSide, Square::H8, File::H),
    (Color::Black, CastlingSide::QueenSide, Square::A8, File::A),
];

/// For each piece kind ([`PieceKind::index`]), the sets of [`Sets`] other
/// than the pawns it belongs to, as masks: knights, diagonal, straight. A
/// king is in none.
const KIND_SETS: [[u64; 3]; 6] = [
    [0, 0, 0],
    [!0, 0, 0],
    [0, !0, 0],
    [0, 0, !0],
    [0, !0, !0],
    [0, 0, 0],
];

/// A position's pieces as six sets (see the module docs), from the point
/// of view of one side: `us` its pieces, `them` the other side's.
#[derive(Clone, Copy)]
pub(crate) struct Sets {
    pub(crate) us: u64,
    pub(crate) them: u64,
    /// Pawns, with the castling rights on their rooks' corners.
    pub(crate) pawns: u64,
    pub(crate) knights: u64,
    pub(crate) diagonal: u64,
    pub(crate) straight: u64,
}

impl Sets {
    /// True when `board`'s subtree can be counted through sets: its
    /// castling case is not Chess960's, and no pawn stands on the first or
    /// last rank (a lenient board's), where the rights ride. Both hold of
    /// every board below one they hold of.
    #[inline(always)]
    pub(crate) fn fit(board: &Board, case: Castling) -> bool {
        (case == NO_CASTLING || case == STANDARD_CASTLING)
            && (board.pieces(PieceKind::Pawn).0 & BACK_RANKS) == 0
    }

    /// True when `board` has no knight, bishop or queen, and none of its
    /// children can have one: its side to move has no pawn on its last
    /// rank but one (so no promotion).
    #[inline(always)]
    pub(crate) fn lean(board: &Board) -> bool {
        let minors = board.pieces(PieceKind::Knight)
            | board.pieces(PieceKind::Bishop)
            | board.pieces(PieceKind::Queen);
        let us = board.side_to_move();
        let seventh = Bitboard::rank(Rank::Seventh.relative_to(us));
        minors.is_empty() && (board.colored_pieces(us, PieceKind::Pawn) & seventh).is_empty()
    }

    /// `board`'s sets, from its side to move's point of view, its rights
    /// on their corners when `C` is [`STANDARD_CASTLING`].
    #[inline(always)]
    pub(crate) fn of<const C: Castling>(board: &Board) -> Sets {
        let us = board.side_to_move();
        let mut pawns = board.pieces(PieceKind::Pawn).0;
        if C == STANDARD_CASTLING {
            for (color, side, corner, _) in RIGHTS {
                if board.castling_rights().has(color, side) {
                    pawns |= corner.bitboard().0;
                }
            }
        }
        let queens = board.pieces(PieceKind::Queen).0;
        Sets {
            us: board.colored(us).0,
            them: board.colored(!us).0,
            pawns,
            knights: board.pieces(PieceKind::Knight).0,
            diagonal: board.pieces(PieceKind::Bishop).0 | queens,
            straight: board.pieces(PieceKind::Rook).0 | queens,
        }
    }

    /// These sets (from the mover's point of view) once a piece of `us`
    /// has left `f` for `t`, taking whatever stood there, and before it
    /// lands in its kind's set ([`Sets::landed`]): both squares are out of
    /// every kind's set, and so are the rights on the corners in `lost`.
    #[inline(always)]
    fn moved(self, f: u64, t: u64, lost: u64) -> Sets {
        let gone = f | t;
        Sets {
            us: self.us ^ gone,
            them: self.them & !t,
            pawns: self.pawns & !(gone | lost),
            knights: self.knights & !gone,
            diagonal: self.diagonal & !gone,
            straight: self.straight & !gone,
        }
    }

    /// These sets with a piece whose [`KIND_SETS`] row is `kind` on `t`
    /// (a pawn sets no bit here: its caller adds it).
    #[inline(always)]
    fn landed(self, t: u64, kind: [u64; 3]) -> Sets {
        Sets {
            knights: self.knights | (t & kind[0]),
            diagonal: self.diagonal | (t & kind[1]),
            straight: self.straight | (t & kind[2]),
            ..self
        }
    }

    /// `king`, the side to move's, as bits of the first rank's squares b1
    /// to g1 (its index shifted by one) and `their_king` as bits of b8 to
    /// g8, where no pawn stands and no right rides: added to a child's
    /// pawn set when it is handed over, so that the counter has the kings'
    /// squares without deriving them ([`Sets::kings_of`]).
    #[inline(always)]
    pub(crate) fn king_bits(king: Square, their_king: Square) -> u64 {
        Self::king_bit(king) | ((their_king.index() as u64) << THEIR_KING_SHIFT)
    }

    /// [`Sets::king_bits`] of the side to move's king alone.
    #[inline(always)]
    fn king_bit(king: Square) -> u64 {
        (king.index() as u64) << 1
    }

    /// The squares [`Sets::king_bits`] put into `pawns`.
    #[inline(always)]
    pub(crate) fn kings_of(pawns: u64) -> (Square, Square) {
        (
            Square::from_index_masked((pawns >> 1) as u32),
            Square::from_index_masked((pawns >> THEIR_KING_SHIFT) as u32),
        )
    }

    /// The legal moves of the board these sets are ([`Sets::board`]),
    /// counted with the lookups of `L`, the kings' squares read from the
    /// pawn set ([`Sets::kings_of`]).
    #[inline(always)]
    pub(crate) fn count<L: Sliders, const C: Castling>(self, white: bool) -> u64 {
        let board = self.board::<C>(white);
        let mut counter = Counter(0);
        board.generate_as_from::<L, _, ALL, C>(white, Sets::kings_of(self.pawns), &mut counter);
        counter.0
    }

    /// The board these sets are, `us` to move when `white` says White,
    /// rights read from the corners when `C` is [`STANDARD_CASTLING`].
    #[inline(always)]
    pub(crate) fn board<const C: Castling>(self, white: bool) -> Board {
        let (side, by_color) = if white {
            (Color::White, [Bitboard(self.us), Bitboard(self.them)])
        } else {
            (Color::Black, [Bitboard(self.them), Bitboard(self.us)])
        };
        let pawns = self.pawns & !BACK_RANKS;
        let both = self.diagonal & self.straight;
        let kings = (self.us | self.them) & !(pawns | self.knights | self.diagonal | self.straight);
        let by_kind = [
            Bitboard(pawns),
            Bitboard(self.knights),
            Bitboard(self.diagonal & !both),
            Bitboard(self.straight & !both),
            Bitboard(both),
            Bitboard(kings),
        ];
        let mut castling = CastlingRights::NONE;
        if C == STANDARD_CASTLING {
            for (color, side, corner, file) in RIGHTS {
                let held = self.pawns & corner.bitboard().0 != 0;
                castling.set(color, side, held.then_some(file));
            }
        }
        Board::from_sets(by_kind, by_color, castling, side)
    }
}

/// The [`Sink`] of the last-but-one ply on the sets path: each child's
/// [`Sets`] computed from the parent's and handed to `count`; the children
/// with an en-passant square, castling and en passant written into
/// `scratch` (which holds the parent's rest state: `Board::write_rest`)
/// and handed to `count_board`.
pub(crate) struct SetsEach<'a, F, G, const C: Castling> {
    parent: &'a Board,
    scratch: &'a mut Board,
    touch: Bitboard,
    sets: Sets,
    /// The children's kings ([`Sets::king_bits`]), added to each child's
    /// pawn set as it is handed over.
    kings: u64,
    pub(crate) nodes: u64,
    count: F,
    count_board: G,
}

impl<'a, F: FnMut(Sets) -> u64, G: FnMut(&Board) -> u64, const C: Castling> SetsEach<'a, F, G, C> {
    /// The sink for `parent`'s children (castling case `C`): `count` for
    /// those given as sets (from `parent`'s point of view: the child's
    /// side to move is `them`), `count_board` for those written into
    /// `scratch`, which must hold `parent`'s rest state
    /// (`Board::write_rest`).
    #[inline(always)]
    pub(crate) fn new(parent: &'a Board, scratch: &'a mut Board, count: F, count_board: G) -> Self {
        SetsEach {
            parent,
            scratch,
            touch: parent.castling_touch(),
            sets: Sets::of::<C>(parent),
            kings: {
                let us = parent.side_to_move();
                Sets::king_bits(parent.king(!us), parent.king(us))
            },
            nodes: 0,
            count,
            count_board,
        }
    }

    /// Hands `child` (from the parent's point of view) to the counter,
    /// its kings' squares, `kings` ([`Sets::king_bits`]), added to its
    /// pawn set.
    #[inline(always)]
    fn count(&mut self, child: Sets, kings: u64) {
        let pawns = child.pawns | kings;
        self.nodes += (self.count)(Sets { pawns, ..child });
    }

    /// The corners among `squares`, whose rights a move from or to them
    /// drops (none without rights).
    #[inline(always)]
    fn corners(squares: u64) -> u64 {
        if C == STANDARD_CASTLING {
            squares & CORNERS
        } else {
            0
        }
    }
}

impl<F: FnMut(Sets) -> u64, G: FnMut(&Board) -> u64, const C: Castling> Sink
    for SetsEach<'_, F, G, C>
{
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        let parent = self.parent;
        let kind = parent.kind_on(from).unwrap_or(PieceKind::King);
        let k = KIND_SETS[kind.index()];
        let s = self.sets;
        let f = from.bitboard().0;
        // A king's moves drop both of its side's rights.
        let king = if C == STANDARD_CASTLING && kind == PieceKind::King {
            SIDE_CORNERS[parent.side_to_move().index()]
        } else {
            0
        };
        let lost_from = Self::corners(f) | king;
        // One loop for empty squares and captures: whatever stood on `to`
        // leaves every set, the piece arrives in its own; a king's move
        // moves the children's other king.
        if kind == PieceKind::King {
            let kings = Sets::king_bit(parent.king(!parent.side_to_move()));
            for to in targets {
                let t = to.bitboard().0;
                let child = s.moved(f, t, lost_from | Self::corners(t)).landed(t, k);
                self.count(child, kings | ((to.index() as u64) << THEIR_KING_SHIFT));
            }
        } else {
            for to in targets {
                let t = to.bitboard().0;
                let child = s.moved(f, t, lost_from | Self::corners(t)).landed(t, k);
                self.count(child, self.kings);
            }
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32) {
        let parent = self.parent;
        let s = self.sets;
        if delta % 8 != 0 {
            // Captures, not promoting: never onto a corner.
            for to in targets {
                let t = to.bitboard().0;
                let f = behind(to, delta).bitboard().0;
                let moved = s.moved(f, t, 0);
                let child = Sets {
                    pawns: moved.pawns | t,
                    ..moved
                };
                self.count(child, self.kings);
            }
        } else {
            let double = delta.abs() == 16;
            let us = parent.side_to_move();
            for to in targets {
                let from = behind(to, delta);
                if double && parent.en_passant_after_double(us, from, to).is_some() {
                    let count_board = &mut self.count_board;
                    self.nodes +=
                        parent.visit_push_child(from, to, true, self.scratch, |b| count_board(b));
                    continue;
                }
                // Onto an empty square: only the pawn's own sets change.
                let m = from.bitboard().0 | to.bitboard().0;
                let child = Sets {
                    us: s.us ^ m,
                    pawns: s.pawns ^ m,
                    ..s
                };
                self.count(child, self.kings);
            }
        }
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i32) {
        let s = self.sets;
        for to in targets {
            let t = to.bitboard().0;
            let f = behind(to, delta).bitboard().0;
            // Whatever stood on `to` goes (a rook on its corner takes its
            // right along), then each new piece lands there.
            let moved = s.moved(f, t, Self::corners(t));
            for kind in PieceKind::PROMOTIONS {
                let child = moved.landed(t, KIND_SETS[kind.index()]);
                self.count(child, self.kings);
            }
        }
    }

    #[inline(always)]
    fn single(&mut self, mv: Move) {
        let count_board = &mut self.count_board;
        self.nodes += self
            .parent
            .visit_child(mv, self.scratch, self.touch, |b| count_board(b));
    }
}
