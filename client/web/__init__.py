"""The browser client: static files (a page, JavaScript modules, a style sheet) that a node serves at ``/``.

No Python lives here; the folder is a package so that its files install with grundy as package
data (``server/web.py`` reads them with ``importlib.resources``).  docs/WEB.md describes the page.
"""
