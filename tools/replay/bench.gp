# SPDX-License-Identifier: GPL-2.0
# make bench: ns per operation of each variant (per byte for the hashes),
# from replay's bench.dat:
# the bar is the median over the processes and placements, the error bar
# their range (tools/replay/replay.c).
# usage: gnuplot -e "dat='DIR/bench.dat'; png='DIR/bench.png'; title='...'" \
#                tools/replay/bench.gp
set terminal pngcairo size 1300,600 font ",10"
set output png
set title title
set ylabel "ns per operation or byte (median, bar: min-max over processes x placements; lower is better)"
set style data histogram
set style histogram errorbars gap 1 lw 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set datafile missing "?"
set key top left opaque
set termoption noenhanced
set grid ytics
set xtics rotate by -20
set yrange [0:*]
plot dat using 2:3:4:xtic(1) title "C (gcc -O2, baseline x86-64)", \
     "" using 5:6:7 title "C (host CPU: -march=native)", \
     "" using 8:9:10 title "C, other version (CRC32C table, no prefetch, no SSE copy)", \
     "" using 11:12:13 title "C (gcc -O2 -march=native)", \
     "" using 14:15:16 title "plain BPF idiom", \
     "" using 17:18:19 title "plain BPF mask select", \
     "" using 20:21:22 title "kfunc call (bodies=0)", \
     "" using 23:24:25 title "body (native=0)", \
     "" using 26:27:28 title "native", \
     "" using 29:30:31 title "compiled kfuncs copied (native=copy)", \
     "" using 32:33:34 title "native, clang-22 (bpf_fastcall)"
