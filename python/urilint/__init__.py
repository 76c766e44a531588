"""urilint's Python package: the `urilint` binary (installed beside this
package by the wheel) and `urilint.spark`, the Spark job that runs it over
inputs too large for one machine."""
