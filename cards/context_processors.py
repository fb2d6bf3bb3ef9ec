from cards.games.registry import all_games


def games(request):
    """Every page's navigation lists the games."""
    return {"games": all_games()}
