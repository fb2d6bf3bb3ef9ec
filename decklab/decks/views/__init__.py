"""Deck pages, one module per page group: `editor` (a saved deck), `importing` (a pasted
decklist), `builder` (the stateless builder), `history` and `sharing` (with the exports), over
`base` (the workspace, its addresses and panels). Thin views over `services` (writes) and
`selectors`/`Workspace` (reads). The goldfish runs of a deck's pages are
`decklab.goldfish.deck_views`, at `decks:` addresses."""
