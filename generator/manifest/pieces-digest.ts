import type { Hash } from "node:crypto";
import { createHash } from "node:crypto";
import { textChunks } from "../text-chunks.js";

/** A checkpoint at least every this many characters: a rerun rehashes from the last one before the first change. */
const CHECKPOINT_CHARS = 1 << 16;

/**
 * The textDigest of a text in pieces (see PiecedText), with the hash's state kept part way: a text rebuilt from mostly
 * the same pieces (types.ts after one tool changed) is hashed from the last checkpoint before its first new piece.
 */
export interface PiecesDigest {
  readonly digest: string;
  readonly pieces: readonly string[];
  /** `next`: the piece after the checkpoint; `state`: the hash of every piece before it. */
  readonly checkpoints: readonly { readonly next: number; readonly state: Hash }[];
}

export function piecesDigest(pieces: readonly string[], previous?: PiecesDigest): PiecesDigest {
  const checkpoints: { next: number; state: Hash }[] = [];
  let hash = createHash("sha256");
  let start = 0;
  if (previous !== undefined) {
    // Pieces kept from the earlier run are the same strings: comparing them costs nothing.
    let same = 0;
    while (same < pieces.length && same < previous.pieces.length && pieces[same] === previous.pieces[same]) same++;
    if (same === pieces.length && same === previous.pieces.length) return previous;
    for (const checkpoint of previous.checkpoints) {
      if (checkpoint.next > same) break;
      checkpoints.push(checkpoint);
    }
    const last = checkpoints.at(-1);
    if (last !== undefined) {
      start = last.next;
      hash = last.state.copy();
    }
  }
  let group: string[] = [];
  let chars = 0;
  for (let index = start; index < pieces.length; index++) {
    const piece = pieces[index]!;
    group.push(piece);
    chars += piece.length;
    // Never between the halves of a pair: textChunks carries a piece's last high surrogate into the next.
    if (chars >= CHECKPOINT_CHARS && !endsInHighSurrogate(piece)) {
      for (const chunk of textChunks(group)) hash.update(chunk);
      checkpoints.push({ next: index + 1, state: hash.copy() });
      group = [];
      chars = 0;
    }
  }
  for (const chunk of textChunks(group)) hash.update(chunk);
  return { digest: hash.digest("hex"), pieces, checkpoints };
}

function endsInHighSurrogate(piece: string): boolean {
  const code = piece.charCodeAt(piece.length - 1);
  return code >= 0xd800 && code <= 0xdbff;
}
