"""Batch runs over archives: shards -> pipeline -> Parquet/JSONL tables, resumable,
local or on Dask; SQL over the result."""

from extract.batch.query import connect, query
from extract.batch.runner import BatchSummary, ShardResult, run_batch, run_shard
from extract.batch.shards import Shard, plan_shards

__all__ = [
    "BatchSummary",
    "Shard",
    "ShardResult",
    "connect",
    "plan_shards",
    "query",
    "run_batch",
    "run_shard",
]
