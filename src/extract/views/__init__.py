"""Pages for people: the HTML view of an article, the report of a batch, and the look
they share with the evaluation report."""

from extract.views.article import render_article
from extract.views.report import read_report_data, render_report, write_article_views

__all__ = ["read_report_data", "render_article", "render_report", "write_article_views"]
