"""The card database its players complete: proposals, editors' review, card history, coverage.

Card rows (`cards.models.Card`) stay the approved truth that search, legality, decks and goldfish
read; proposals wait in their own table until a card editor applies one as a new revision.
"""
