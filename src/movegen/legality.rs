//! Deciding one move: [`Board::is_pseudo_legal`] and [`Board::is_legal`]
//! for a move from outside (a GUI, a book, a transposition-table or killer
//! slot), without generating the move list; and the checked make built on
//! them ([`Board::try_make_move`], [`Board::play`]).
//!
//! Both tests accept any of the 65,536 [`Move::from_bits`] values and never
//! panic; the tests check them against membership in
//! `Board::pseudo_legal_moves` (feature `reference`) and [`Board::legal_moves`] for every value.

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks,
};
use crate::board::{Board, Undo};
use crate::castling::CastlingSide;
use crate::moves::{Move, MoveError};
use crate::piece::PieceKind;
use crate::square::Rank;

/// # Deciding and playing one move
///
/// For a move from outside (a GUI, a book, a transposition-table or killer
/// slot): [`Board::is_legal`] and [`Board::is_pseudo_legal`] decide it
/// without generating a move list, accept any [`Move`] value and never
/// panic; [`Board::try_make_move`] and [`Board::play`] are the checked
/// forms of [`Board::make_move`] and [`Board::play_unchecked`].
impl Board {
    /// True when `mv` is pseudo-legal: the piece on its from-square, of the
    /// side to move, may move so by its movement rules, whether or not that
    /// leaves its own king attacked; exactly the moves of
    /// `Board::pseudo_legal_moves` (feature `reference`) (castling there is already fully
    /// checked). Decided from the move's own piece, without a move list.
    /// Accepts any `Move` value and never panics.
    ///
    /// ```
    /// use magicboard::{Board, Move, Square};
    /// // The bishop on e2 is pinned by the rook on e7.
    /// let board = Board::from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
    /// let bishop_move = Move::new(Square::E2, Square::D3, None);
    /// assert!(board.is_pseudo_legal(bishop_move));
    /// assert!(!board.is_legal(bishop_move));
    /// assert!(!board.is_pseudo_legal(Move::new(Square::E2, Square::E4, None)));
    /// assert!(!board.is_pseudo_legal(Move::from_bits(0xffff)));
    /// ```
    pub fn is_pseudo_legal(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let (from, to) = (mv.from(), mv.to());
        let ours = self.colored(us);
        let Some(kind) = self.kind_on(from).filter(|_| ours.contains(from)) else {
            return false;
        };
        let occupied = self.occupied();
        if mv.is_castle() {
            if kind != PieceKind::King || self.in_check() {
                return false;
            }
            let side = CastlingSide::of(from, to);
            return self.castling_move(side, occupied, None) == Some(mv);
        }
        let promotion = mv.promotion();
        // Only the canonical encoding of a move is that move (a value with
        // unused promotion bits set is not).
        if ours.contains(to) || Move::new(from, to, promotion) != mv {
            return false;
        }
        if kind == PieceKind::Pawn {
            // A pawn reaching the last rank promotes, to a knight, bishop,
            // rook or queen; no other pawn move does.
            let promotes = to.rank() == Rank::Eighth.relative_to(us);
            let valid = match promotion {
                None => !promotes,
                Some(piece) => promotes && PieceKind::PROMOTIONS.contains(&piece),
            };
            if !valid {
                return false;
            }
            if pawn_attacks(us, from).contains(to) {
                return self.colored(!us).contains(to) || self.en_passant() == Some(to);
            }
            let forward = us.forward();
            let Some(one) = from.offset(0, forward).filter(|&sq| !occupied.contains(sq)) else {
                return false;
            };
            if one == to {
                return true;
            }
            return from.rank() == Rank::Second.relative_to(us)
                && one.offset(0, forward) == Some(to)
                && !occupied.contains(to);
        }
        if promotion.is_some() {
            return false;
        }
        let attacks = match kind {
            PieceKind::Knight => knight_attacks(from),
            PieceKind::Bishop => bishop_attacks(from, occupied),
            PieceKind::Rook => rook_attacks(from, occupied),
            PieceKind::Queen => queen_attacks(from, occupied),
            PieceKind::King | PieceKind::Pawn => king_attacks(from),
        };
        attacks.contains(to)
    }

    /// True when `mv` is legal on this board. Decided from the move's own
    /// piece, without generating the move list: a pseudo-legal king move
    /// must land on a square the opponent does not attack once the king has
    /// left its square; en passant must not expose the king (the two pawns
    /// leave one rank at once); any other move must resolve a check (capture
    /// the checker or block it; nothing but the king moves in double check)
    /// and a pinned piece must stay on its pin line. Accepts any `Move`
    /// value (from a GUI, a book, a hash table) and never panics.
    ///
    /// ```
    /// use magicboard::{Board, Move, Square};
    /// let board = Board::startpos();
    /// assert!(board.is_legal(Move::new(Square::E2, Square::E4, None)));
    /// assert!(!board.is_legal(Move::new(Square::E2, Square::E5, None)));
    /// // In check from the rook on e8: only blocking on e2 or a king move.
    /// let check = Board::from_fen("4r1k1/8/8/8/8/8/8/2N1K3 w - - 0 1").unwrap();
    /// assert!(check.is_legal(Move::new(Square::C1, Square::E2, None)));
    /// assert!(!check.is_legal(Move::new(Square::C1, Square::D3, None)));
    /// assert!(!check.is_legal(Move::new(Square::E1, Square::E2, None)));
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        if !self.is_pseudo_legal(mv) {
            return false;
        }
        if mv.is_castle() {
            return true; // castling is fully checked by `is_pseudo_legal`
        }
        let us = self.side_to_move();
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        let occupied = self.occupied();
        let king = self.king(us);
        if from == king {
            return self
                .attackers_to_with(to, them, occupied.without(king))
                .is_empty();
        }
        if self.is_en_passant(mv) {
            let captured = crate::square::Square::new(to.file(), from.rank());
            let after = (occupied ^ from.bitboard() ^ captured.bitboard()) | to.bitboard();
            return (self.attackers_to_with(king, them, after) & !captured.bitboard()).is_empty();
        }
        let (checkers, pinned) = self.checkers_and_pinned(us, king, occupied);
        if let Some(checker) = checkers.first() {
            if checkers.has_more_than_one() || !between(king, checker).with(checker).contains(to) {
                return false;
            }
        }
        !pinned.contains(from) || line(king, from).contains(to)
    }

    /// True when a legal en-passant capture exists. [`Board::en_passant`]
    /// is kept whenever a pawn of the side to move stands beside the pawn
    /// that just advanced two squares (Polyglot's rule, which the hash
    /// follows); this also asks that taking it not expose the king. Two
    /// positions that differ only by an en-passant square with no legal
    /// capture are the same position under the repetition rules
    /// ([`Game`](crate::game::Game)).
    ///
    /// ```
    /// use magicboard::{Board, Square};
    /// // Black has just played d7-d5 beside the pawn on e5.
    /// let board = Board::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    /// assert!(board.has_legal_en_passant());
    /// // The same, but the e5 pawn is pinned to its king by the rook on e8.
    /// let pinned = Board::from_fen("4r1k1/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    /// assert_eq!(pinned.en_passant(), Some(Square::D6));
    /// assert!(!pinned.has_legal_en_passant());
    /// ```
    pub fn has_legal_en_passant(&self) -> bool {
        // A pawn move onto the en-passant square (empty, behind the pawn
        // that advanced) can only be the en-passant capture.
        self.en_passant().is_some_and(|ep| {
            let pawns = self.colored_pieces(self.side_to_move(), PieceKind::Pawn);
            !self.legal_moves_masked(pawns, ep.bitboard()).is_empty()
        })
    }

    /// Plays `mv` if it is legal, else returns an error and leaves the board
    /// unchanged. The checked form of [`Board::make_move`], for moves from
    /// outside.
    ///
    /// # Errors
    ///
    /// [`MoveError::Illegal`] when `mv` is not legal on this board
    /// ([`Board::is_legal`] is false); the board is then unchanged.
    ///
    /// ```
    /// use magicboard::{Board, Move, Square};
    /// let mut board = Board::startpos();
    /// assert!(board.try_make_move(Move::new(Square::E2, Square::E5, None)).is_err());
    /// assert!(board.try_make_move(Move::new(Square::E2, Square::E4, None)).is_ok());
    /// ```
    pub fn try_make_move(&mut self, mv: Move) -> Result<Undo, MoveError> {
        if self.is_legal(mv) {
            Ok(self.make_move(mv))
        } else {
            Err(MoveError::Illegal)
        }
    }

    /// The board after `mv`, leaving `self` unchanged, or
    /// [`MoveError::Illegal`] when `mv` is not legal here. The checked
    /// form of [`Board::play_unchecked`], like [`Game::play`](crate::game::Game::play).
    ///
    /// # Errors
    ///
    /// [`MoveError::Illegal`] when `mv` is not legal on this board
    /// ([`Board::is_legal`] is false).
    ///
    /// ```
    /// use magicboard::{Board, Move, MoveError, Square};
    /// let start = Board::startpos();
    /// let after = start.play(start.parse_uci("g1f3").unwrap()).unwrap();
    /// assert_eq!(after.to_fen(), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
    /// assert_eq!(start.play(Move::new(Square::G1, Square::G3, None)), Err(MoveError::Illegal));
    /// ```
    pub fn play(&self, mv: Move) -> Result<Board, MoveError> {
        if self.is_legal(mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(MoveError::Illegal)
        }
    }

    /// The board after `mv`, leaving `self` unchanged: the copy-make form of
    /// [`Board::make_move_unchecked`], and unchecked the same way. `mv` must
    /// be legal on this board (from its generator or a checked parser);
    /// nothing is verified (debug builds assert it). For a move from
    /// elsewhere use [`Board::play`].
    ///
    /// ```
    /// use magicboard::Board;
    /// let start = Board::startpos();
    /// let after = start.play_unchecked(start.legal_moves()[0]);
    /// assert_eq!(after.side_to_move(), magicboard::Color::Black);
    /// assert_eq!(start, Board::startpos());
    /// ```
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> Board {
        let mut next = self.clone();
        next.make_move_unchecked(mv);
        next
    }
}
