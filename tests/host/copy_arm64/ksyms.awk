# nm -n -t d output -> KSYM(name, kallsyms size) for each text symbol but the
# last (an end marker), sized to the next symbol
$2 ~ /^[Tt]$/ && $3 !~ /^\$/ {
	addr = $1 + 0
	if (prev != "")
		printf "KSYM(%s, %d)\n", prev, addr - prevaddr
	prev = $3; prevaddr = addr
}
