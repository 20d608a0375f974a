"""Running conversions at scale.

Owns the stream of results in input order over `--jobs N` processes
(`stream`, `jobs`, `forkpool`), the sinks that write and count them
atomically (`output`), shards written by the workers and joined or listed
in a manifest (`shards`, `shard_output`, `local_engine`), the Dask engine
(`dask_engine`, `dask_worker`, `dask_output`), regeneration on workers
(`regen_engine`), the sources the commands read sentences from: trees
converted on the fly or converted records (`sources`, `converted`), the
cache of conversions and regenerations by content (`result_cache`), the
rule-folder comparison of `ptb2fd diff` (`rule_diff`), and the output
targets' checks and temporary names (`targets`).

May import: cache, errors, record, trees, formats, rulelang, lexicon, conversion, regen, ruleset, realizer, ud.
"""
