"""grundy's solver: exact solving and analysis, known strategies, and the bots' search (``solver.bot.choose``)."""
