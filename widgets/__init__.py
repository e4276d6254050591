"""ipywidgets views of the games: cards and dice drawn as SVG, buttons and inputs.

The middle floor: widgets import `mathcards`, never the other way round, and hold no rule.
"""
