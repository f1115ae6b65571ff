# SPDX-License-Identifier: BSD-3-Clause
# node.table -> a C string (coll_swing_node_table.h). Comment lines, and
# rows naming shm (what auto runs on one node without any row: they change
# nothing, and the verbose report then lists only the rows that do),
# become empty lines, so that a message's line number is the file's.
BEGIN { print "/* generated from node.table by node_table.awk: edit node.table */"
        print "static const char mca_coll_swing_node_table_text[] =" }
/^[ \t]*#/ || /^[ \t]*$/ || ($1 == "decide" && $4 == "shm") { print "    \"\\n\""; next }
{ gsub(/\\/, "\\\\"); gsub(/"/, "\\\""); print "    \"" $0 "\\n\"" }
END { print "    \"\";" }
