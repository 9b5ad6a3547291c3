"""The observation encoding, re-exported: it lives in :mod:`hearts.net.encoding` (NumPy only), shared with the net bot."""

from hearts.net.encoding import LIMIT, action_mask, bounds, decode_cards, encode, segment_slices, segments, size

__all__ = ["LIMIT", "action_mask", "bounds", "decode_cards", "encode", "segment_slices", "segments", "size"]
