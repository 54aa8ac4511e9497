//! The generic engine: compiled tables, positions, legal moves, FEN and perft.
