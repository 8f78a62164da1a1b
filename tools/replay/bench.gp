# SPDX-License-Identifier: GPL-2.0
# make bench: median ns per operation of each variant, from replay's
# bench.dat.  usage: gnuplot -e "dat='DIR/bench.dat'; png='DIR/bench.png';
#                     title='...'" tools/replay/bench.gp
set terminal pngcairo size 1100,560 font ",10"
set output png
set title title
set ylabel "ns per operation (median; lower is better)"
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set datafile missing "?"
set key top left opaque
set termoption noenhanced
set grid ytics
set xtics rotate by -20
set yrange [0:*]
plot dat using 2:xtic(1) title "C (gcc -O2)", \
     "" using 3 title "plain BPF idiom", \
     "" using 4 title "kfunc call (bodies=0)", \
     "" using 5 title "body (native=0)", \
     "" using 6 title "native"
