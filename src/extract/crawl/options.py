"""How a crawl behaves: politeness, discovery and batching, in one typed object."""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, ConfigDict, Field

from extract.ingest.fetch import USER_AGENT


class CrawlOptions(BaseModel):
    """Options of one crawl (the extraction settings stay in :class:`Settings`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    delay: float = Field(
        default=2.0,
        ge=0,
        description="Seconds between the starts of two requests to one host (a robots.txt "
        "Crawl-delay that asks for more wins, up to max_wait).",
    )
    per_host: int = Field(default=1, ge=1, description="Requests in flight to one host.")
    threads: int = Field(default=4, ge=1, description="Fetching threads (across hosts).")
    retries: int = Field(
        default=3, ge=0, description="Retries of a URL answered 429 or 5xx, or a network error."
    )
    backoff: float = Field(
        default=2.0,
        ge=0,
        description="Seconds before the first retry, doubled for each next one (a "
        "Retry-After header in seconds wins, up to max_wait).",
    )
    max_wait: float = Field(
        default=60.0, ge=0, description="Longest wait asked by Retry-After or Crawl-delay."
    )
    user_agent: str = Field(default=USER_AGENT, description="User-Agent of every request.")
    since: dt.date | None = Field(
        default=None,
        description="Keep only articles published on or after this date (the feed's or "
        "sitemap's date before fetching, the article's own date after).",
    )
    links: bool = Field(
        default=False, description="Also follow the links of a home page seed to its own host."
    )
    max_sitemaps: int = Field(default=50, ge=1, description="Sitemaps read per seed, at most.")
    max_pages: int | None = Field(
        default=None, ge=1, description="New article URLs fetched per run, at most."
    )
    pages_per_shard: int = Field(
        default=100, ge=1, description="Article URLs per batch shard (the unit of resume)."
    )

    @property
    def robots_agent(self) -> str:
        """The product token robots.txt rules are matched against: ``newsevents``."""
        return self.user_agent.split("/", 1)[0].split()[0]
