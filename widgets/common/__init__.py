"""Pieces every panel shares: the match panel, figure builders, status line, CSV and JSON export."""

from widgets.common.action_picker import ActionPicker
from widgets.common.button_row import ButtonRow
from widgets.common.charts import (
    distribution_figure,
    distributions_figure,
    figure_outputs,
    fmt_fraction,
    fmt_percent,
    fmt_prob,
    series_figure,
    show_figure,
)
from widgets.common.csv_export import csv_text, download_link_html
from widgets.common.history import HistoryView
from widgets.common.match_panel import MatchPanel, render_html
from widgets.common.odds_tab import OddsTab
from widgets.common.page_link import PageLink, ShareLink, page_query
from widgets.common.position_editor import PositionEditor
from widgets.common.save_load import LoadError, SaveLoad
from widgets.common.status import StatusLine

__all__ = [
    "ActionPicker", "ButtonRow", "HistoryView", "LoadError", "MatchPanel", "OddsTab", "PageLink", "PositionEditor", "SaveLoad", "ShareLink",
    "StatusLine",
    "csv_text", "distribution_figure", "distributions_figure", "download_link_html", "figure_outputs",
    "fmt_fraction", "fmt_percent", "fmt_prob", "page_query", "render_html", "series_figure", "show_figure",
]
