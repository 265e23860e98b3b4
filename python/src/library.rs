//! Every call into the magicboard library, in one place (the toolkit's
//! subjects, transforms, planes, EPD and Polyglot books, in a child file
//! each, re-exported here).
//!
//! The rest of the binding converts between Python and these functions
//! and calls nothing of the library's own (it only clones, compares and
//! iterates its values), so a renamed or reshaped library method is fixed
//! here alone. Nothing here decides a
//! rule of chess: each function asks the library, or puts two of its
//! answers side by side where python-chess's API asks a question the
//! library answers in two parts.

use magicboard::{Bitboard, CastlingMode, CastlingSide, Color, Perft, Piece, attacks};

// The library's types the rest of the binding holds (as `lib::Board`, ...).
pub use magicboard::{
    Board, FenError, Game, Move, MoveError, MoveList, PieceKind, SanError, Square,
};

// ----- squares, pieces, colours ----------------------------------------------

/// The square with index `index` (a1 = 0 ... h8 = 63).
pub fn square(index: u8) -> Option<Square> {
    Square::from_index(usize::from(index))
}

/// The index of `sq` (a1 = 0 ... h8 = 63).
pub fn square_index(sq: Square) -> u8 {
    sq.index() as u8
}

/// The name of square `index` (`"e4"`).
pub fn square_name(index: u8) -> Option<String> {
    square(index).map(|sq| sq.to_string())
}

/// The name of square `index` as two ASCII bytes (`b"e4"`), without
/// allocating.
pub fn square_name_bytes(index: u8) -> Option<[u8; 2]> {
    square(index).map(|sq| [sq.file().to_char() as u8, sq.rank().to_char() as u8])
}

/// The index of the square named `name`.
pub fn parse_square(name: &str) -> Option<u8> {
    name.parse::<Square>().ok().map(square_index)
}

/// The colour python-chess calls `True` (White) or `False` (Black).
pub fn color(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

/// True for White.
pub fn is_white(color: Color) -> bool {
    color == Color::White
}

/// The piece kind of python-chess's piece type (1 = pawn ... 6 = king).
pub fn piece_kind(piece_type: u8) -> Option<PieceKind> {
    PieceKind::from_index(usize::from(piece_type).checked_sub(1)?)
}

/// python-chess's piece type (1 = pawn ... 6 = king) of a piece kind.
pub fn piece_type(kind: PieceKind) -> u8 {
    kind.index() as u8 + 1
}

/// The FEN letter of a piece (upper case for White).
pub fn piece_symbol(piece_type: u8, white: bool) -> Option<char> {
    piece_kind(piece_type).map(|kind| Piece::new(color(white), kind).to_char())
}

/// The (piece type, White?) of a FEN piece letter.
pub fn piece_from_symbol(symbol: char) -> Option<(u8, bool)> {
    Piece::from_char(symbol).map(|p| (piece_type(p.kind), is_white(p.color)))
}

// ----- square sets -----------------------------------------------------------

/// The squares of `mask`, a1 first.
pub fn squares_of(mask: u64) -> impl DoubleEndedIterator<Item = u8> {
    let squares: Vec<u8> = Bitboard(mask).into_iter().map(square_index).collect();
    squares.into_iter()
}

/// The number of squares in `mask`.
pub fn count(mask: u64) -> u32 {
    Bitboard(mask).count()
}

/// The squares strictly between `a` and `b` on a line (empty when they
/// share none).
pub fn between(a: Square, b: Square) -> u64 {
    attacks::between(a, b).0
}

/// The whole line through `a` and `b` (empty when they share none).
pub fn line(a: Square, b: Square) -> u64 {
    attacks::line(a, b).0
}

/// A board diagram of `mask`: `1` on its squares, `.` elsewhere, rank 8
/// first, as python-chess prints a `SquareSet`.
pub fn mask_diagram(mask: u64) -> String {
    let bits = Bitboard(mask);
    diagram(|sq| if bits.contains(sq) { '1' } else { '.' })
}

/// Eight lines of eight characters `cell(square)` separated by spaces,
/// rank 8 first.
fn diagram(cell: impl Fn(Square) -> char) -> String {
    let mut out = String::with_capacity(128);
    for rank in (0..8).rev() {
        for file in 0..8 {
            if file > 0 {
                out.push(' ');
            }
            out.push(cell(
                Square::from_index(rank * 8 + file).unwrap_or(Square::A1),
            ));
        }
        if rank > 0 {
            out.push('\n');
        }
    }
    out
}

/// The light squares (python-chess's `BB_LIGHT_SQUARES`).
pub const LIGHT_SQUARES: u64 = Bitboard::LIGHT_SQUARES.0;
/// The dark squares (python-chess's `BB_DARK_SQUARES`).
pub const DARK_SQUARES: u64 = Bitboard::DARK_SQUARES.0;

// ----- reading positions -----------------------------------------------------

/// Why a FEN was refused, in words.
pub fn fen_error_message(err: &FenError) -> String {
    err.to_string()
}

/// The board a FEN describes; `chess960` forces Chess960 mode (a board
/// whose castling rights cannot be standard is in that mode either way).
pub fn board_from_fen(fen: &str, chess960: bool) -> Result<Board, FenError> {
    Board::from_fen_with(fen, CastlingMode::from_chess960(chess960))
}

/// The standard starting position.
pub fn startpos() -> Board {
    Board::startpos()
}

/// Chess960 starting position number `n` (Scharnagl), `None` from 960 up.
pub fn chess960_startpos(n: u16) -> Option<Board> {
    Board::chess960_startpos(n)
}

/// FEN of `board`: X-FEN castling (`KQkq`, file letters for inner rooks on
/// Chess960 boards), or Shredder-FEN (`HAha`) when `shredder`. The
/// en-passant square is written when a pawn can take (pseudo-legally);
/// with `legal_ep_only`, only when that capture is legal (python-chess's
/// default).
pub fn fen(board: &Board, shredder: bool, legal_ep_only: bool) -> String {
    let text = if shredder {
        board.to_shredder_fen()
    } else {
        board.to_fen()
    };
    if legal_ep_only && board.en_passant().is_some() && !board.has_legal_en_passant() {
        // The fourth field is the en-passant square: write `-` instead.
        let mut fields: Vec<&str> = text.split(' ').collect();
        if let Some(ep) = fields.get_mut(3) {
            *ep = "-";
        }
        return fields.join(" ");
    }
    text
}

/// True when the board is in Chess960 mode (UCI castling king-takes-rook).
pub fn is_chess960(board: &Board) -> bool {
    board.is_chess960()
}

/// The same position in the other castling notation, when the library
/// allows it (a board whose rights cannot be standard stays Chess960).
pub fn with_chess960(board: &Board, chess960: bool) -> Board {
    board_from_fen(&board.to_shredder_fen(), chess960).unwrap_or_else(|_| board.clone())
}

/// True for White to move.
pub fn white_to_move(board: &Board) -> bool {
    is_white(board.side_to_move())
}

/// The half-move clock.
pub fn halfmove_clock(board: &Board) -> u32 {
    board.halfmove_clock()
}

/// The full-move number.
pub fn fullmove_number(board: &Board) -> u32 {
    board.fullmove_number()
}

/// The en-passant square, kept when a pawn of the side to move stands
/// beside the pawn that advanced two squares.
pub fn en_passant(board: &Board) -> Option<u8> {
    board.en_passant().map(square_index)
}

/// True when a legal en-passant capture exists.
pub fn has_legal_en_passant(board: &Board) -> bool {
    board.has_legal_en_passant()
}

/// The rooks with castling rights, as a mask (python-chess's
/// `castling_rights`).
pub fn castling_rooks(board: &Board) -> u64 {
    let rights = board.castling_rights();
    let mut mask = 0;
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if let Some(sq) = rights.rook_square(color, side) {
                mask |= sq.bitboard().0;
            }
        }
    }
    mask
}

/// True when `white` (or Black) keeps a castling right: on the king's side
/// (h-side), the queen's side (a-side), or either when `side` is `None`.
pub fn has_castling_right(board: &Board, white: bool, side: Option<bool>) -> bool {
    let rights = board.castling_rights();
    let c = color(white);
    match side {
        Some(true) => rights.has(c, CastlingSide::KingSide),
        Some(false) => rights.has(c, CastlingSide::QueenSide),
        None => CastlingSide::ALL.into_iter().any(|s| rights.has(c, s)),
    }
}

/// The piece on `sq`: (piece type, White?).
pub fn piece_at(board: &Board, sq: Square) -> Option<(u8, bool)> {
    board
        .piece_on(sq)
        .map(|p| (piece_type(p.kind), is_white(p.color)))
}

/// The squares of `white`'s (or Black's) pieces of one kind.
pub fn pieces_mask(board: &Board, kind: PieceKind, white: bool) -> u64 {
    board.colored_pieces(color(white), kind).0
}

/// The squares of every piece of one kind, both colours.
pub fn kind_mask(board: &Board, kind: PieceKind) -> u64 {
    board.pieces(kind).0
}

/// The squares of `white`'s (or Black's) pieces.
pub fn color_mask(board: &Board, white: bool) -> u64 {
    board.colored(color(white)).0
}

/// Every occupied square.
pub fn occupied(board: &Board) -> u64 {
    board.occupied().0
}

/// The square of `white`'s (or Black's) king.
pub fn king(board: &Board, white: bool) -> u8 {
    square_index(board.king(color(white)))
}

/// The pieces giving check to the side to move.
pub fn checkers(board: &Board) -> u64 {
    board.checkers().0
}

/// True when the side to move is in check.
pub fn in_check(board: &Board) -> bool {
    board.in_check()
}

/// The pieces of `white` (or Black) attacking `sq`.
pub fn attackers(board: &Board, white: bool, sq: Square) -> u64 {
    board.attackers_to(sq, color(white)).0
}

/// True when a piece of `white` (or Black) attacks `sq`.
pub fn is_attacked_by(board: &Board, white: bool, sq: Square) -> bool {
    board.is_square_attacked(sq, color(white))
}

/// The squares the piece on `sq` attacks (empty when there is none), from
/// the library's attack tables.
pub fn attacks_from(board: &Board, sq: Square) -> u64 {
    let Some(piece) = board.piece_on(sq) else {
        return 0;
    };
    let occupied = board.occupied();
    match piece.kind {
        PieceKind::Pawn => attacks::pawn_attacks(piece.color, sq),
        PieceKind::Knight => attacks::knight_attacks(sq),
        PieceKind::Bishop => attacks::bishop_attacks(sq, occupied),
        PieceKind::Rook => attacks::rook_attacks(sq, occupied),
        PieceKind::Queen => attacks::queen_attacks(sq, occupied),
        PieceKind::King => attacks::king_attacks(sq),
    }
    .0
}

/// The Polyglot Zobrist hash.
pub fn zobrist_hash(board: &Board) -> u64 {
    board.hash()
}

/// A text diagram as python-chess prints a board: rank 8 first, FEN
/// letters, `.` for an empty square.
pub fn board_diagram(board: &Board) -> String {
    diagram(|sq| board.piece_on(sq).map_or('.', |p| p.to_char()))
}

// ----- moves -----------------------------------------------------------------

/// A move as python-chess writes it on this board: (from, to, promotion
/// piece type or 0). Castling is the king's two-square step on standard
/// boards and king-takes-rook on Chess960 boards, as in UCI.
pub fn move_parts(board: &Board, mv: Move) -> (u8, u8, u8) {
    let to = if board.is_chess960() {
        mv.to()
    } else {
        mv.king_destination()
    };
    (
        square_index(mv.from()),
        square_index(to),
        mv.promotion().map_or(0, piece_type),
    )
}

/// The move from `from` to `to` (indices 0 to 63) promoting to
/// python-chess's piece type `promotion` (0 for none), as `uci_move` reads
/// its UCI text, without the text: `None` where that reading needs more
/// than the squares (a move of the king of the side to move, which may be
/// castling in either notation; a move from a square to itself, the null
/// move among them; a promotion to a pawn or king) or the squares are out
/// of range. `Move::new` is what `uci_move` returns in every other case.
pub fn plain_move(board: &Board, from: u8, to: u8, promotion: u8) -> Option<Move> {
    let (from_sq, to_sq) = (square(from)?, square(to)?);
    if from == to || board.king(board.side_to_move()) == from_sq {
        return None;
    }
    let promotion = match promotion {
        0 => None,
        p => Some(piece_kind(p).filter(|k| PieceKind::PROMOTIONS.contains(k))?),
    };
    Some(Move::new(from_sq, to_sq, promotion))
}

/// The legal move UCI text names, or why there is none.
pub fn parse_uci(board: &Board, text: &str) -> Result<Move, MoveError> {
    board.parse_uci(text)
}

/// The move UCI text names on this board, legal or not.
pub fn uci_move(board: &Board, text: &str) -> Result<Move, MoveError> {
    board.uci_move(text)
}

/// The legal move SAN text names, or why there is none.
pub fn parse_san(board: &Board, text: &str) -> Result<Move, SanError> {
    board.parse_san(text)
}

/// The SAN of the legal move `mv`.
pub fn san(board: &Board, mv: Move) -> String {
    board.to_san(mv)
}

/// The UCI text of `mv` in Chess960 (king-takes-rook) or standard
/// notation.
pub fn uci(mv: Move, chess960: bool) -> String {
    mv.to_uci(CastlingMode::from_chess960(chess960)).to_string()
}

/// True when `mv` is legal.
pub fn is_legal(board: &Board, mv: Move) -> bool {
    board.is_legal(mv)
}

/// True when `mv` is pseudo-legal (legal but for the mover's own king).
pub fn is_pseudo_legal(board: &Board, mv: Move) -> bool {
    board.is_pseudo_legal(mv)
}

/// The legal moves.
pub fn legal_moves(board: &Board) -> MoveList {
    board.legal_moves()
}

/// The legal moves from squares in `from` to squares in `to` (castling by
/// its rook's square).
pub fn legal_moves_masked(board: &Board, from: u64, to: u64) -> MoveList {
    board.legal_moves_masked(Bitboard(from), Bitboard(to))
}

/// The pseudo-legal moves (the library's reference generator).
pub fn pseudo_legal_moves(board: &Board) -> MoveList {
    board.pseudo_legal_moves()
}

/// The number of legal moves.
pub fn count_legal_moves(board: &Board) -> u64 {
    board.count_legal_moves()
}

/// True when the side to move has a legal move.
pub fn has_legal_moves(board: &Board) -> bool {
    board.has_legal_moves()
}

/// True when `mv` captures (en passant yes, castling no).
pub fn is_capture(board: &Board, mv: Move) -> bool {
    board.is_capture(mv)
}

/// True when `mv` is an en-passant capture.
pub fn is_en_passant(board: &Board, mv: Move) -> bool {
    board.is_en_passant(mv)
}

/// The side of a castling move: `Some(true)` king's side, `Some(false)`
/// queen's side, `None` for any other move.
pub fn castling_side(mv: Move) -> Option<bool> {
    mv.castling_side()
        .map(|side| side == CastlingSide::KingSide)
}

/// True when `mv` moves a pawn or captures (python-chess's "zeroing": it
/// resets the half-move clock).
pub fn is_zeroing(board: &Board, mv: Move) -> bool {
    board.is_capture(mv) || board.moved(mv) == Some(PieceKind::Pawn)
}

/// True when the legal move `mv` gives check.
pub fn gives_check(board: &Board, mv: Move) -> bool {
    board.gives_check(mv)
}

/// The static exchange evaluation of `mv`, in centipawns.
pub fn see(board: &Board, mv: Move) -> i32 {
    board.see(mv)
}

// ----- game state ------------------------------------------------------------

/// True when the side to move is checkmated.
pub fn is_checkmate(board: &Board) -> bool {
    board.is_checkmate()
}

/// True when the side to move is stalemated.
pub fn is_stalemate(board: &Board) -> bool {
    board.is_stalemate()
}

/// True when neither side can mate with the material left.
pub fn is_insufficient_material(board: &Board) -> bool {
    board.is_insufficient_material()
}

/// The fifty-move rule: claimable now.
pub fn is_fifty_moves(board: &Board) -> bool {
    board.is_fifty_moves()
}

/// The 75-move rule: the game is drawn.
pub fn is_seventy_five_moves(board: &Board) -> bool {
    board.is_seventy_five_moves()
}

/// The fifty-move rule: claimable now or with the next move.
pub fn can_claim_fifty_moves(board: &Board) -> bool {
    board.can_claim_fifty_moves()
}

/// A game starting from `board`.
pub fn new_game(board: Board) -> Game {
    Game::new(board)
}

/// The current position of a game.
pub fn current(game: &Game) -> &Board {
    game.board()
}

/// The position a game started from.
pub fn start(game: &Game) -> &Board {
    game.start()
}

/// The moves played in a game, in order.
pub fn moves(game: &Game) -> &[Move] {
    game.moves()
}

/// Plays a legal move.
pub fn play(game: &mut Game, mv: Move) -> Result<(), MoveError> {
    game.push(mv)
}

/// The squares (indices) of `mv` when `Move::new` from them alone names
/// it (no castling, no promotion), so that `play_plain` plays it again.
#[inline]
pub fn plain_squares(mv: Move) -> Option<(u8, u8)> {
    if mv.is_castle() || mv.is_promotion() {
        return None;
    }
    Some((square_index(mv.from()), square_index(mv.to())))
}

/// Plays the move from `from` to `to` (indices), without promotion and not
/// castling, known to be legal (it was listed in this position by
/// `plain_squares`): without the legality test. An error, and the game
/// unchanged, when the board cannot play it at all.
#[inline]
pub fn play_plain(game: &mut Game, from: u8, to: u8) -> Result<(), MoveError> {
    match (square(from), square(to)) {
        (Some(from), Some(to)) => game.push_unchecked(Move::new(from, to, None)),
        _ => Err(MoveError::Illegal),
    }
}

/// Takes back the last move.
#[inline]
pub fn undo(game: &mut Game) -> Option<Move> {
    game.pop()
}

/// How many times the current position has appeared, itself included.
pub fn repetitions(game: &Game) -> usize {
    game.repetitions()
}

/// Threefold repetition: claimable now or with the next move.
pub fn can_claim_threefold_repetition(game: &Game) -> bool {
    game.can_claim_threefold_repetition()
}

// ----- counting --------------------------------------------------------------

/// Pages in and runs once what the first move generation or perft in a
/// process would otherwise pay for: the slider attack tables (read from the
/// extension's file on first touch, a page at a time) and the code of the
/// move generator and of perft. Called once at import (a few hundred
/// microseconds), so that a first call is not several times slower than
/// the next (python/bench_peers.py measures both).
pub fn warm_up() {
    use magicboard::{File, Rank};
    let mut sink = 0u64;
    for index in 0..64u8 {
        let Some(sq) = square(index) else { continue };
        // The board's edges, but for the lines through `sq`: a slider's
        // lookups depend on the blockers inside them only.
        let edges = ((Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth))
            & !Bitboard::rank(sq.rank()))
            | ((Bitboard::file(File::A) | Bitboard::file(File::H)) & !Bitboard::file(sq.file()));
        for attacks in [attacks::rook_attacks, attacks::bishop_attacks] {
            let mask = (attacks(sq, Bitboard::EMPTY) & !edges).0;
            // Every subset of the blockers' mask (carry-rippler).
            let mut blockers = 0u64;
            loop {
                sink ^= attacks(sq, Bitboard(blockers)).0;
                blockers = blockers.wrapping_sub(mask) & mask;
                if blockers == 0 {
                    break;
                }
            }
        }
    }
    // Castling, en passant, promotions, checks and pins: the CPW perft
    // positions 2 to 5, two plies each, on this thread.
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        if let Ok(board) = Board::from_fen(fen) {
            sink ^= perft(&board, 2, 1) ^ count_legal_moves(&board);
            sink ^= legal_moves(&board).len() as u64;
        }
    }
    std::hint::black_box(sink);
}

/// Perft: the leaves `depth` plies below `board`, on `threads` threads
/// (0: one per core).
pub fn perft(board: &Board, depth: u32, threads: usize) -> u64 {
    Perft::new(depth).threads(threads).count(board)
}

/// Perft split by root move.
pub fn divide(board: &Board, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    Perft::new(depth).threads(threads).divide(board)
}

// ----- square arithmetic -----------------------------------------------------

/// The file index (a = 0 ... h = 7) of square `sq`.
pub fn square_file(sq: Square) -> u8 {
    sq.file().index() as u8
}

/// The rank index (1st = 0 ... 8th = 7) of square `sq`.
pub fn square_rank(sq: Square) -> u8 {
    sq.rank().index() as u8
}

/// The square on file `file` and rank `rank` (0 to 7 each).
pub fn square_at(file: u8, rank: u8) -> Option<Square> {
    (file < 8 && rank < 8).then(|| {
        Square::new(
            magicboard::File::from_index(usize::from(file)),
            magicboard::Rank::from_index(usize::from(rank)),
        )
    })
}

/// The square with its rank mirrored (a1 <-> a8).
pub fn square_mirror(sq: Square) -> Square {
    sq.flip_rank()
}

/// Either draw claim (fifty moves or threefold repetition), now or with
/// the next move.
pub fn can_claim_draw(game: &Game) -> bool {
    game.can_claim_draw()
}

// ----- the toolkit: transforms, planes, EPD, Polyglot books ------------------
// One file each under python/src/library/, re-exported here.

mod epd;
mod planes;
mod polyglot;
mod transform;

pub use epd::*;
pub use planes::*;
pub use polyglot::*;
pub use transform::*;
