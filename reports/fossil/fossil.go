// Package fossil speaks fossil-db's formats for isa files (schema
// radvbench/isa/v1): the pipeline-statistics CSV that fossilize-replay
// writes when asked for pipeline stats, and the report block of Mesa's
// fossil report script (shader-db's report-fossil.py), "Totals:" and
// "Totals from N (x% of M) affected shaders:", that RADV developers paste
// into merge requests, one per chip. Pure Go.
//
// # The CSV (WriteCSV)
//
// One CSV per target (chip): the script totals every row of a CSV, so a
// CSV that mixed targets would total across chips. Its header is
// fossilize's, byte for byte:
//
//	Database,Pipeline type,Pipeline hash,PSO wall duration (ns),PSO duration (ns),Stage duration (ns),Executable name,Subgroup size
//
// then ",NAME" for each statistic, in the order fossilize meets them:
// the first row's statistics in the driver's order, then each statistic
// a later row adds. No trailing comma. One row per distinct executable,
// as fossilize stores a pipeline once per application under its hash:
//
//   - A pipeline with a key (resultsfile.PipelineStats.Key, what the
//     compiler was given) is one row per executable however many
//     benchmarks build it (a kernel variant at several sizes, the classic
//     pipeline of every mesh benchmark): Database is the benchmark's
//     suite (fossil-db's application; the script's per-application table
//     is a per-suite table) and Pipeline hash the key.
//   - A pipeline without a key (a file written before radvbench kept
//     them) is a row per benchmark: Database the benchmark's ID
//     (suite/kernel/variant/params, without "@target": the file is the
//     target's) and Pipeline hash PipelineHash, FNV-1a 64 of the
//     benchmark ID, the pipeline's name and its occurrence among
//     same-named pipelines of the benchmark, so one pipeline has one
//     hash in every such file and target.
//   - Pipeline type is "GRAPHICS" when an executable of the pipeline
//     runs a graphics stage (vertex, tessellation, geometry, fragment,
//     task, mesh), else "COMPUTE". fossilize writes exactly these two
//     (a ray-tracing pipeline is "COMPUTE" too). Rows come as fossilize
//     orders them: graphics pipelines first, then the others; within
//     each, the isa file's order.
//   - Pipeline hash is 16 lower-case hex digits without 0x ("%016x" of a
//     64-bit hash), as fossilize writes its pipeline hash: the key, or
//     PipelineHash. It is what the script matches old and new rows by.
//   - The three durations are 0: nothing is timed in an isa file, and 0
//     is what fossilize writes when creation feedback was not valid.
//   - Executable name is the driver's, as the isa file stores it
//     ("compute", "vertex + geometry", ...), and Subgroup size the
//     executable's (0 unknown).
//   - Statistics are RADV's and ACO's under their own names, integers as
//     integers (fossilize's UINT64 and INT64 formats), any other value as
//     C's "%f" (std::to_string, fossilize's FLOAT64); a statistic the
//     executable lacks is an empty cell. (fossilize itself reuses one row
//     for a pipeline's executables, so its cell can hold a previous
//     executable's value; radvbench leaves it empty.)
//
// The isa file keeps statistics in a map, without the driver's order;
// statisticOrder restores it: RADV's own ("SGPRs" ... "Combined outputs")
// then ACO's ("Hash", "Instructions" ... "VOPD"), as Mesa 25.0 and 26.1
// report them (radv_pipeline.c and ACO's statistic table), then any other
// name in byte order. The hashes ("Driver pipeline hash", ACO's "Hash")
// come from the isa file's Hashes, written exactly as integers (a file
// written before radvbench kept them has none).
//
// Cells are unquoted as fossilize writes them, except a cell holding a
// comma, quote or line break, which is quoted (RFC 4180): fossilize has
// none (a .foz path), radvbench's Database has commas between the
// parameters ("K=256,M=256,N=256"), and the script reads with Python's
// csv module, which unquotes.
//
// # The report (Report)
//
// For two isa files (old, new), per target that both compiled: the
// script's "Totals:" block and its "Totals from N (x% of M) affected
// shaders:" block, computed as the script computes them:
//
//   - A shader is a row of the CSV, keyed by (Database, Pipeline hash,
//     Executable name); only shaders in both files count: the others are
//     left out, as the script leaves them out, and named above the block.
//   - The statistics and their order are the script's table
//     (statistics): MaxWaves, Instrs, CodeSize, SGPRs, VGPRs, ...; a
//     statistic is summed over the shaders that have it on both sides.
//     MaxWaves ("Subgroups per SIMD") is better when higher, every other
//     statistic when lower.
//   - A line is printed for a statistic whose total changed:
//     "NAME: OLD -> NEW (+x.xx%)", and when some shaders improved and some
//     regressed, "; split: IMPROVED%, REGRESSED%", each the total plus
//     only those shaders' changes, relative to the old total. A
//     percentage is Python's "{:+.2%}" of new/old-1; "+inf%" or "-inf%"
//     when one side is 0.
//   - A shader is affected when any of its statistics or its ACO "Hash"
//     changed (new code with every count equal is affected, as in the
//     script). Above the block a line says what a shader is: how many
//     distinct executables the benchmark rows of each file are, or that a
//     file without pipeline keys counts a pipeline once per benchmark.
//
// The version of the script this package follows (testdata/report-fossil
// names it) predates four things of current Mesa: RADV's lower-case
// executable names ("compute", not "Compute Shader"; its table maps names
// to short stage names and fails on one it does not know), the ACO counts
// VALU, SALU, VMEM, SMEM and VOPD, RADV's "Combined inputs" and
// "Combined outputs" (none of these six is in its table: they are in the
// CSV, not in the report; its "VMEM" and "SMEM" are the old "VMEM Score"
// and "SMEM Score"), and mesh, task and ray-tracing executables. The test
// that runs it teaches it the current executable names, mesh, task and
// ray-tracing stages included (scriptExecutableNames); no row is skipped.
// Update statistics (and the test's pin) with the script.
package fossil

// Format is the name of the report's output format ("fossil"), for a
// command that offers Report beside its other formats for isa files.
const Format = "fossil"
