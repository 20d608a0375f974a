"""Running conversions at scale.

Owns the stream of results in input order over `--jobs N` processes
(`stream`, `jobs`), the sinks that write and count them atomically
(`output`), the Dask engine (`dask_engine`, `dask_worker`, `dask_output`),
and the sources the commands read sentences from: trees converted on the
fly or converted JSONL (`sources`).

May import: cache, errors, record, trees, formats, rulelang, lexicon, conversion, regen, ruleset.
"""
