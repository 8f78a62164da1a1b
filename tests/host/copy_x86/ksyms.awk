# nm -n -S -t d output -> KSYM(name, size) for each text symbol, sized as
# kallsyms does: to the next text symbol; the last by its ELF size.
{
	type = (NF == 4) ? $3 : $2
	if (type !~ /^[Tt]$/ || $NF ~ /^\./)
		next
	addr = $1 + 0
	if (prev != "")
		printf "KSYM(%s, %d)\n", prev, addr - prevaddr
	prev = $NF; prevaddr = addr
	prevsize = (NF == 4) ? $2 + 0 : 0
}
END {
	if (prev != "")
		printf "KSYM(%s, %d)\n", prev, prevsize
}
