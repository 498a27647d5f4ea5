# Слова узла и клиентов о комнатах: название комнаты из игры и её параметров, название каждого параметра.

# название комнаты: название игры и параметры, отличные от обычных
server-room-title = { $game } ({ $params })
server-room-param = { $name }: { $value }
server-param-yes = да
server-param-no = нет

param-nim-heaps = кучки
param-nim-misere = мизер

param-subtraction-n = кучка
param-subtraction-take = брать
param-subtraction-goal = цель
param-subtraction-rule = правило

param-stones-heaps = кучки
param-stones-ops = ходы
param-stones-goal = цель
param-stones-rule = правило

param-kayles-pins = кегли
param-kayles-start = стоят
param-kayles-misere = мизер

param-corner-piece = фигура
param-corner-width = ширина
param-corner-height = высота
param-corner-start = старт
param-corner-players = игроки
param-corner-blocked = закрытые
param-corner-obstacles = препятствия
param-corner-seed = зерно

param-pawn-size = размер
param-pawn-payoffs = выигрыши

param-coins-width = ширина
param-coins-height = высота
param-coins-radius = радиус

param-mnk-m = столбцы
param-mnk-n = строки
param-mnk-k = в ряд
param-mnk-players = игроки

param-gomoku-size = размер
param-gomoku-rule = правило
param-gomoku-opening = дебют

param-pursuit-width = ширина
param-pursuit-height = высота
param-pursuit-pursuers = преследователи
param-pursuit-coalition = коалиция
param-pursuit-blocked = закрытые
param-pursuit-obstacles = препятствия
param-pursuit-seed = зерно
param-pursuit-starts = старты
param-pursuit-limit = раунды
param-pursuit-evader_sees = беглец видит

param-minesweeper-width = ширина
param-minesweeper-height = высота
param-minesweeper-mines = мины
param-minesweeper-players = игроки
param-minesweeper-seed = зерно

# Отказы в параметрах игры: $param — ключ, как его пишут в --set ('heaps').
server-rules-unknown-game = неизвестная игра { $name }; игры: { $names }
server-rules-needs-value = параметру { $param } нужно значение ({ $allowed })
server-rules-not-valid = параметр { $param }: { $value } не подходит; можно: { $allowed }
server-rules-not-one-of = параметр { $param }: { $value } — не одно из { $choices }
server-rules-out-of-range = параметр { $param }: { $value } вне допустимых границ; можно: { $allowed }
# Что принимает параметр
server-allowed-int = целое число { $lo }..{ $hi }
server-allowed-ints = список через запятую, не больше { NUMBER($most) } целых чисел { $lo }..{ $hi }
server-allowed-nums = список через запятую, не больше { NUMBER($most) } чисел { $lo }..{ $hi }
server-allowed-strs = список через запятую, не больше { NUMBER($most) } элементов, каждый не длиннее { NUMBER($length) } символов
server-allowed-str = текст не длиннее { NUMBER($length) } символов
server-allowed-cell = клетка, например c5
server-allowed-cells = не больше { NUMBER($most) } клеток через ';', например c3;d4
