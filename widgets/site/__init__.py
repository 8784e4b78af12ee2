"""The dashboards as a static site that needs no server: ``python -m widgets.site --out site``.

Voici renders each dashboard to a page whose Python (Pyodide, in the visitor's browser) runs the
notebook; everything the page loads is inside the output folder (:mod:`widgets.site.build`).
"""
