echo in file $1
